import type { ClientType } from '../client-type';
import type { EvidenceRule } from '../derivative-evidence';
import type { Check, Rule } from '../identity';
import type { StepName } from '../steps';

/** One field that breaks a rule: `field` is a dotted path inside the step's data (e.g. "statementInfo.broker"). */
export interface FieldIssue {
  field: string;
  rule: Rule;
}

/** What a step's rules may look at besides the step's own data. */
export interface StepContext {
  /** today in Hong Kong, YYYY-MM-DD (todayInHongKong) */
  today: string;
  clientType: ClientType;
  /** the saved data of the application's steps (e.g. HK_IDCARD's nationality for USERINFO) */
  saved: Partial<Record<StepName, Record<string, unknown>>>;
  /** strict mainland-area handling applies: the application carries the STATEMENT step */
  strict: boolean;
  /** the application's agent code and channel (the fund-trade rule of SELECTACCOUNT) */
  app?: { aecode?: string | null; channel?: string | null };
  /** the broker's settings the rules follow (the same values ClientConfig gives the pages); absent: the defaults */
  settings?: StepSettings;
}

/** The broker's settings a step's rules follow. */
export interface StepSettings {
  /** DERIVATIVE_EVIDENCE: evidence files for the derivatives questionnaire's boxes (derivative-evidence.ts) */
  derivativeEvidence?: EvidenceRule;
}

/** The saved data of an application's steps (drafts left out), as the step rules see it. */
export function savedStepsOf(data: Record<string, unknown> | null | undefined): StepContext['saved'] {
  const saved: StepContext['saved'] = {};
  for (const [k, v] of Object.entries(data ?? {})) {
    if (k !== 'drafts' && v && typeof v === 'object' && !Array.isArray(v)) saved[k as StepName] = v as Record<string, unknown>;
  }
  return saved;
}

/** What a step page starts from: the step's draft when there is one, else its saved data. */
export function stepSourceOf(data: Record<string, unknown> | null | undefined, step: StepName): Record<string, unknown> | undefined {
  const drafts = data?.drafts;
  const draft = drafts && typeof drafts === 'object' ? (drafts as Record<string, unknown>)[step] : undefined;
  const src = draft ?? data?.[step];
  return src && typeof src === 'object' && !Array.isArray(src) ? (src as Record<string, unknown>) : undefined;
}

/** The context of an application (the client's view or the service's row mapped to these fields) on `today`. */
export function stepContextOfApp(
  app: { clientType: ClientType; applyStepsName: readonly string[]; data?: Record<string, unknown> | null; aecode?: string | null; channel?: string | null },
  today: string,
  settings?: StepSettings,
): StepContext {
  return {
    today,
    clientType: app.clientType,
    saved: savedStepsOf(app.data),
    strict: app.applyStepsName.includes('STATEMENT'),
    app: { aecode: app.aecode ?? null, channel: app.channel ?? null },
    ...(settings ? { settings } : {}),
  };
}

/** A step's whole-data rules: the screens enable Next on an empty answer; the service refuses the save otherwise. */
export type StepValidator = (data: Record<string, unknown>, ctx: StepContext) => FieldIssue[];

/** Issues of [field, check] pairs (null checks dropped). */
export function issuesOf(pairs: ReadonlyArray<readonly [string, Check]>): FieldIssue[] {
  return pairs.filter((p): p is readonly [string, Rule] => p[1] !== null).map(([field, rule]) => ({ field, rule }));
}

/** Reads a dotted path of plain step data. */
export function at(data: unknown, path: string): unknown {
  let v: unknown = data;
  for (const k of path.split('.')) {
    if (!v || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[k];
  }
  return v;
}

export const str = (v: unknown): string => (typeof v === 'string' ? v : '');

const ID = /^[A-Za-z0-9_-]{1,64}$/;
/** An id the service gave (a track, a generated document): required, letters, digits, _ and - only. */
export const checkId = (v: unknown): Check => (v === undefined || v === null || v === '' ? 'required' : typeof v === 'string' && ID.test(v) ? null : 'format');

/** A list of distinct keys of `all` holding every one of `required`. */
export function checkKeys(v: unknown, all: readonly string[], required: readonly string[]): Check {
  if (!Array.isArray(v) || !v.length) return 'mustTick';
  if (!v.every((k) => typeof k === 'string' && all.includes(k)) || new Set(v).size !== v.length) return 'choice';
  return required.every((k) => v.includes(k)) ? null : 'mustTick';
}

/** extraKeys on the data itself gives ".key": the field is the key. */
export function fixRoot<T extends { field: string }>(i: T): T {
  return i.field.startsWith('.') ? { ...i, field: i.field.slice(1) } : i;
}
