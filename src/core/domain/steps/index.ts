/**
 * The steps, as the first screen needs them: every table here is derived from the steps' definitions (one file a step,
 * steps/<step>.ts, built with defineStep; the ordered list is steps/full.ts). Only their light part is imported here,
 * through steps/light.ts (written from the definitions by `npm run steps`), so the first screen's script gains no
 * rules, schema or sample: a bundler keeps a module whole in one chunk, and the step files hold the rules too.
 */
import type { ClientType, OaType } from '../client-type';
import type { StepMeta } from './define';
// the light part of every step's definition (written from steps/<step>.ts by npm run steps: see light.ts)
import { STEP_DEFINITIONS } from './light';

export { STEP_DEFINITIONS };

/** Step names as stored in applyStepsName and sent as currentStep. */
export type StepName = (typeof STEP_DEFINITIONS)[number]['name'];
export const STEP_NAMES: StepName[] = STEP_DEFINITIONS.map((d) => d.name);

/** A table of every step, one value a step, read from its definition. */
const byStep = <T>(value: (d: StepMeta<StepName>) => T): Record<StepName, T> =>
  Object.fromEntries(STEP_DEFINITIONS.map((d) => [d.name, value(d)])) as Record<StepName, T>;

export function isStepName(value: unknown): value is StepName {
  return typeof value === 'string' && (STEP_NAMES as readonly string[]).includes(value);
}

/** The home page (choice of opening type): where a flow starts and where "back" from the first step goes. */
export const HOME_ROUTE = '/account';

/** The route (hash path) of each step. */
export const STEP_ROUTE: Record<StepName, string> = byStep((d) => d.route);

/**
 * The message key of each step screen's title (its heading), for lists that name steps (the correction round on a
 * status page). Every key is in each of the three languages (steps-complete.test.ts).
 */
export const STEP_TITLE_KEY: Record<StepName, string> = byStep((d) => d.titleKey);

/**
 * The message key of each step's introduction: one or two sentences under the heading on why the step asks what it
 * asks. The step's frame shows it while the application loads (and the built page paints it from its HTML, before any
 * script has run), and the step's form keeps it at the same place, so the screen does not move when the form comes.
 * It is the same for both client types (the frame is painted before the application says which). Every key is in each
 * of the three languages (steps-complete.test.ts).
 */
export const STEP_INTRO_KEY: Record<StepName, string> = byStep((d) => d.introKey);

export function stepOfRoute(path: string): StepName | undefined {
  return STEP_NAMES.find((s) => STEP_ROUTE[s].toLowerCase() === path.toLowerCase());
}

/** The step lists a new application starts with (STATEMENT is inserted by strict handling). */
export const STEPS_OF: Record<ClientType, readonly StepName[]> = {
  cn: [
    'IDCARD', 'BANKCARD', 'JOBSTATUS', 'FINANCE', 'INVESTMENT', 'SELECTACCOUNT',
    'IDENTITYEXPOSURE', 'TAXINFO', 'RISK', 'SIGN', 'SIGNATURE', 'LIVINGWITNESS', 'CAAPPLY',
  ],
  hk: [
    'HK_IDCARD', 'USERINFO', 'PROOFADDRESS', 'JOBSTATUS', 'FINANCE', 'INVESTMENT', 'SELECTACCOUNT',
    'IDENTITYEXPOSURE', 'TAXINFO', 'RISK', 'SIGN', 'SIGNATURE',
  ],
};

/** Application status a step moves the application to when saved (part 3 §4). STATEMENT shares the identity code. */
export const STEP_STATUS: Record<StepName, number> = byStep((d) => d.status);

/**
 * Progress groups: the 5 (cn) or 6 (hk) numbered stages the progress bar shows.
 * The spec gives the positions as display labels; these are the ones used everywhere.
 * Every step of every client type is listed: `null` for a step that is not in that type's lists (no progress shown).
 */
const PROGRESS_GROUP: Record<ClientType, Record<StepName, number | null>> = { cn: byStep((d) => d.progress.cn), hk: byStep((d) => d.progress.hk) };

export const STEP_TOTAL: Record<ClientType, number> = { cn: 5, hk: 6 };

export interface Progress {
  current: number;
  total: number;
}

/**
 * The progress of a step. STATEMENT belongs to the first stage, or to the last when the application's list
 * has it at the end (the applicant may hand the statement in last).
 */
export function progressOf(clientType: ClientType, step: StepName, steps?: readonly StepName[]): Progress | undefined {
  if (step === 'STATEMENT' && steps && steps.length > 1 && steps[steps.length - 1] === 'STATEMENT') {
    return { current: STEP_TOTAL[clientType], total: STEP_TOTAL[clientType] };
  }
  const current = PROGRESS_GROUP[clientType][step];
  return typeof current !== 'number' ? undefined : { current, total: STEP_TOTAL[clientType] };
}

/** oaType 5 only relabels the third progress stage (proof of address is shown as address and funds). */
export function progressStageLabelKey(oaType: OaType, stage: number): string {
  return oaType === 5 && stage === 3 ? 'progress.stage3.oa5' : `progress.stage${stage}`;
}

/** Strict handling: STATEMENT goes first, or last when the applicant may submit it later. Never twice. */
export function insertStatement(steps: readonly StepName[], skipAllowed: boolean): StepName[] {
  const rest = steps.filter((s) => s !== 'STATEMENT');
  return skipAllowed ? [...rest, 'STATEMENT'] : ['STATEMENT', ...rest];
}

/** The local skip flag moves an existing STATEMENT to the end of the list. */
export function orderSteps(steps: readonly StepName[], statementSkipped: boolean): StepName[] {
  if (!statementSkipped || !steps.includes('STATEMENT')) return [...steps];
  return insertStatement(steps, true);
}

export type NextMove = { kind: 'step'; step: StepName } | { kind: 'submit' } | { kind: 'unknown' };

/** What Next does from a step: the following step, or submit on the last one. */
export function nextMove(steps: readonly StepName[], current: StepName): NextMove {
  const i = steps.indexOf(current);
  if (i < 0) return { kind: 'unknown' };
  if (i === steps.length - 1) return { kind: 'submit' };
  return { kind: 'step', step: steps[i + 1] };
}

/** Back: the previous step, or undefined on the first (the caller goes home). */
export function previousStep(steps: readonly StepName[], current: StepName): StepName | undefined {
  const i = steps.indexOf(current);
  return i > 0 ? steps[i - 1] : undefined;
}

/** The furthest of two steps in the list (latestStep never goes back). */
export function furthestStep(steps: readonly StepName[], a: StepName | null | undefined, b: StepName): StepName {
  if (!a) return b;
  return steps.indexOf(b) > steps.indexOf(a) ? b : a;
}

/** The step a returning applicant resumes at: the one after the latest saved, or the first. */
export function resumeStep(steps: readonly StepName[], latest: StepName | null | undefined): StepName | 'submit' {
  if (!latest || !steps.includes(latest)) return steps[0];
  const move = nextMove(steps, latest);
  return move.kind === 'step' ? move.step : 'submit';
}

export const STEP_VERSION = '1.0';

/**
 * Step data kept when the opening type is switched: answers about the applicant's profile that do not
 * depend on the identity document. Everything else (identity, contact, bank card, statement, tax,
 * agreements, signature, witness, certificate, and their drafts) is cleared.
 */
export const KEPT_ON_SWITCH: readonly StepName[] = ['JOBSTATUS', 'FINANCE', 'INVESTMENT', 'SELECTACCOUNT', 'IDENTITYEXPOSURE'];

// ── the rejection loop (issue 10): staff sent the application back with rejectData.steps ──

/** The rejected steps in the order the flow follows (`steps` already ordered, e.g. by orderSteps); unknown names dropped. */
export function rejectedStepsInOrder(steps: readonly StepName[], rejected: readonly string[]): StepName[] {
  return steps.filter((s) => rejected.includes(s));
}

/** A rejected step's state in the correction round: to fix until it is saved after the rejection, then fixed. */
export type CorrectionState = 'toFix' | 'fixed';

/**
 * The correction round as the status page lists it: the rejected steps in list order with their state (`fixed`: the
 * steps saved since staff sent the application back, rejectData.fixed; issue 25).
 */
export function correctionSteps(steps: readonly StepName[], rejected: readonly string[], fixed: readonly string[]): { step: StepName; state: CorrectionState }[] {
  return rejectedStepsInOrder(steps, rejected).map((step) => ({ step, state: fixed.includes(step) ? 'fixed' : 'toFix' }));
}

/**
 * The rejection after `step` was saved (not a draft) while the application is sent back: a rejected step becomes fixed
 * (kept in rejectData.fixed, in the order saved); any other step leaves it as it is. A new rejection starts with none.
 */
export function markFixed<R extends { steps: string[]; message: string; fixed?: string[] }>(rejectData: R, step: StepName): R {
  const fixed = rejectData.fixed ?? [];
  if (!rejectData.steps.includes(step) || fixed.includes(step)) return rejectData;
  return { ...rejectData, fixed: [...fixed, step] };
}

/**
 * The final action of the correction round: Next on `current` resubmits when it is a rejected step and every other
 * rejected step is fixed already (the screen then reads "Resubmit" and asks for a confirmation first).
 */
export function resubmitsOnNext(steps: readonly StepName[], rejected: readonly string[], fixed: readonly string[], current: StepName): boolean {
  const order = rejectedStepsInOrder(steps, rejected);
  return order.includes(current) && order.every((s) => s === current || fixed.includes(s));
}

/**
 * Next under a rejection (`current` saved, so counted as fixed): submit when every rejected step is fixed
 * (resubmitsOnNext); otherwise the next rejected step still to fix after `current` in list order, or the first one
 * before it (the applicant may open the steps in any order from the status page). Only the rejected steps are visited;
 * a step that is not rejected has no move of its own ('unknown').
 */
export function nextMoveUnderRejection(steps: readonly StepName[], rejected: readonly string[], fixed: readonly string[], current: StepName): NextMove {
  const order = rejectedStepsInOrder(steps, rejected);
  const i = order.indexOf(current);
  if (i < 0) return { kind: 'unknown' };
  if (resubmitsOnNext(steps, rejected, fixed, current)) return { kind: 'submit' };
  const toFix = (s: StepName) => s !== current && !fixed.includes(s);
  const next = order.slice(i + 1).find(toFix) ?? order.slice(0, i).find(toFix)!;
  return { kind: 'step', step: next };
}

/** Back under a rejection: the previous rejected step, or undefined on the first one (the caller goes to the status page). */
export function previousStepUnderRejection(steps: readonly StepName[], rejected: readonly string[], current: StepName): StepName | undefined {
  const order = rejectedStepsInOrder(steps, rejected);
  const i = order.indexOf(current);
  return i > 0 ? order[i - 1] : undefined;
}

/**
 * The route guard under a rejection: a step that is not rejected is closed, and the applicant is sent to the first
 * rejected step instead (undefined: the step is open, or nothing is rejected).
 */
export function rejectionRedirect(steps: readonly StepName[], rejected: readonly string[], step: StepName): StepName | undefined {
  const order = rejectedStepsInOrder(steps, rejected);
  if (order.length === 0 || order.includes(step)) return undefined;
  return order[0];
}

/** ApplySubmit names a step that is not saved or not valid with the issue path `steps.<STEP>` (100400). */
export const submitIssuePath = (step: StepName): string => `steps.${step}`;

/** The first step, in list order, that ApplySubmit's issues name (where the applicant goes to complete it). */
export function firstStepOfSubmitIssues(steps: readonly StepName[], issues: readonly { path: string }[]): StepName | undefined {
  const named = new Set(issues.map((i) => i.path));
  return steps.find((s) => named.has(submitIssuePath(s)));
}
