/**
 * Application rules, applied with the domain's functions (steps.ts, status.ts, area.ts,
 * client-type.ts) — nothing here re-states a rule the domain already has.
 */
import { randomBytes } from 'node:crypto';
import {
  CLIENT_STATUS,
  ErrorCode,
  FRESH_APPLY_STATUS,
  IDENTITY_STEPS,
  KEPT_ON_SWITCH,
  STEP_STATUS,
  STEP_VERSION,
  STEPS_OF,
  clientTypeOf,
  furthestStep,
  insertStatement,
  isLockedForEditing,
  isMainlandIp,
  cnNeedsStatement,
  isRejected,
  markFixed,
  strictOutcome,
  nextMove,
  todayInHongKong,
  validateStep,
  stepContextOfApp,
  type StepContext,
  resumeStep,
  type ApplicationView,
  type AreaType,
  type ClientType,
  type Req,
  type StepName,
  type Lang,
  savedStepsOf,
  submitOutcome,
  submittedStatusFor,
  checkChannelChange,
  isAeCode,
  isChannel,
  submitIssuePath,
} from '@core/domain';
import type { Config } from '../../config';
import { audit } from '../../db/audit';
import type { Db } from '../../db';
import { AppError, type Issue } from '../../errors';
import type { Clock } from '../../plugins/context';
import type { FileStorage } from '../../storage';
import { setUserApplication } from '../auth';
import { getUserSettings } from '../auth';
import { checkStepData } from './data-bounds';
import { countCall } from '../../plugins/rate-limit';
import { runStepChecks } from './step-checks';
import { registered } from './step-checks/idcard';
import { heldBy, holdNumbers, savedNumbers, unlessTaken } from './identity-repository';
import * as events from './events-repository';
import * as repo from './repository';
import { changeApplication, changedSince, snapshotOf } from './status-change';
import { insertEvidence, insertSignedAgreements } from './evidence-repository';
import { servedAgreements } from './agreements-served';
import { evidenceDetail, type ClientEvidence } from '../../plugins/client-evidence';
import { toView } from './view';

export interface AppsDeps {
  config: Config;
  db: Db;
  clock: Clock;
  storage: FileStorage;
}

const invalid = (issues: Issue[]) => new AppError(ErrorCode.INVALID_INPUT, { data: { issues } });
const now = (deps: AppsDeps) => new Date(deps.clock.now());
const actorOf = (userId: string) => `user:${userId}`;

/**
 * A new application id: 20 base64url characters, never beginning with '-' (one id in 64 would), so that staff can
 * type it after an ops command like any other word instead of it being read as a flag.
 */
export function newAppId(): string {
  for (;;) {
    const id = randomBytes(15).toString('base64url');
    if (!id.startsWith('-')) return id;
  }
}

/** The deployment's opening-area settings with the user's own overrides on top. */
export async function areaType(deps: AppsDeps, userId: string): Promise<AreaType> {
  const s = await getUserSettings(deps.db, userId);
  return {
    openingLimitType: s.openingLimitType ?? deps.config.area.openingLimitType,
    statementLimitType: s.statementLimitType ?? deps.config.area.statementLimitType,
    statementSkipType: s.statementSkipType ?? deps.config.area.statementSkipType,
  };
}

/** 151000 / 151100 (with the partner's site) when an operator marked the user so; else ok. */
export async function applyCheck(deps: AppsDeps, userId: string): Promise<{ ok: true }> {
  const s = await getUserSettings(deps.db, userId);
  if (s.check === ErrorCode.FROM_ORGANISATION) throw new AppError(ErrorCode.FROM_ORGANISATION);
  if (s.check === ErrorCode.FROM_PARTNER) throw new AppError(ErrorCode.FROM_PARTNER, { data: { url: s.partnerUrl ?? '' } });
  return { ok: true };
}

export type LocateIp = () => Promise<{ country: string; region: string }>;

/** What the mainland-area rule found for a cn application: whether it needs the statement step, and whether the deployment takes statements. */
export interface RegionCheck {
  needsStatement: boolean;
  statementsTaken: boolean;
}

/**
 * The mainland-area rule (151205), one reading for ApplyStart and ApplySwitch, from the domain's cnNeedsStatement
 * (opening-limit type 3, or 2/5 with a mainland IP address) and strictOutcome (no statements taken → mainland
 * blocked). The IP is looked up only when the area type depends on it, and before any transaction opens.
 */
export async function regionCheck(area: AreaType, locateIp: LocateIp): Promise<RegionCheck> {
  const type = area.openingLimitType;
  let needsStatement = cnNeedsStatement(type, false);
  if (!needsStatement && cnNeedsStatement(type, true)) needsStatement = cnNeedsStatement(type, isMainlandIp(await locateIp()));
  return { needsStatement, statementsTaken: strictOutcome(area).kind !== 'mainlandBlocked' };
}

/**
 * Refused with 151205: a cn application that needs the statement and does not have it, or needs it where no
 * statements are taken. The client answers 151205 with strict handling (statement dialog, then the call again with it).
 */
export function cnOpeningDenied(check: RegionCheck | null, hasStatement: boolean): boolean {
  if (!check?.needsStatement) return false;
  return !hasStatement || !check.statementsTaken;
}

function stepsFor(clientType: ClientType, withStatement?: 'first' | 'last'): StepName[] {
  return withStatement ? insertStatement(STEPS_OF[clientType], withStatement === 'last') : [...STEPS_OF[clientType]];
}

function statementOnlyForCn(clientType: ClientType, field: string): void {
  if (clientType !== 'cn') throw invalid([{ path: field, message: 'the statement step applies to mainland (cn) applications only' }]);
}

function isEditable(row: repo.AppRow): boolean {
  return !isLockedForEditing(row.apply_status, row.client_status);
}

/** The user's active application with this id, locked for the transaction; 151301 when missing or not theirs. */
export async function ownedActive(db: Db, userId: string, appId: string): Promise<repo.AppRow> {
  const row = await repo.findById(db, appId, true);
  if (!row || row.user_id !== userId || row.archived_at) throw new AppError(ErrorCode.NO_APPLICATION);
  return row;
}

export interface StartAnswer {
  appId: string;
  nextStep: StepName;
  application: ApplicationView;
}

function answer(row: repo.AppRow, nextStep?: StepName): StartAnswer {
  const steps = row.steps as StepName[];
  const resume = resumeStep(steps, row.latest_step as StepName | null);
  return { appId: row.app_id, nextStep: nextStep ?? (resume === 'submit' ? steps[steps.length - 1] : resume), application: toView(row) };
}

export async function start(deps: AppsDeps, userId: string, req: Req<'applyStart'> & { esop: boolean }, locateIp: LocateIp): Promise<StartAnswer> {
  const clientType = clientTypeOf(req.oaType);
  if (req.withStatement) statementOnlyForCn(clientType, 'withStatement');
  // the entry link's agent code and channel are kept only when well formed (domain channel.ts)
  const malformed: Issue[] = [];
  if (req.aecode !== undefined && !isAeCode(req.aecode)) malformed.push({ path: 'aecode', message: 'format' });
  if (req.channel !== undefined && !isChannel(req.channel)) malformed.push({ path: 'channel', message: 'format' });
  if (malformed.length) throw invalid(malformed);
  const region = clientType === 'cn' ? await regionCheck(await areaType(deps, userId), locateIp) : null;
  const at = now(deps);
  for (let attempt = 0; attempt < 2; attempt++) {
    const result = await deps.db.transaction(async (tx) => {
      const existing = await repo.findActiveByUser(tx, userId, true);
      if (existing) return continueExisting(tx, userId, existing, clientType, req.withStatement, at, region);
      if (cnOpeningDenied(region, !!req.withStatement)) throw new AppError(ErrorCode.SWITCH_REGION_DENIED);
      const steps = stepsFor(clientType, req.withStatement);
      const appId = newAppId();
      const inserted = await repo.insertApplication(tx, {
        appId,
        userId,
        oaType: req.oaType,
        clientType,
        clientStatus: CLIENT_STATUS.STARTED,
        applyStatus: FRESH_APPLY_STATUS,
        stepVersion: STEP_VERSION,
        steps,
        aecode: req.aecode ?? null,
        channel: req.channel ?? null,
        fromPage: null,
        esop: req.esop,
        at,
      });
      if (!inserted) return null; // a concurrent start won: read it on the next attempt
      await setUserApplication(tx, userId, { appId, clientStatus: CLIENT_STATUS.STARTED });
      await audit(tx, { actor: actorOf(userId), userId, appId, action: 'application.start', detail: { oaType: req.oaType, esop: req.esop, statement: req.withStatement ?? null }, at });
      return answer((await repo.findById(tx, appId))!, steps[0]);
    });
    if (result) return result;
  }
  throw new Error('could not start or find the application');
}

async function continueExisting(
  tx: Db,
  userId: string,
  row: repo.AppRow,
  clientType: ClientType,
  withStatement: 'first' | 'last' | undefined,
  at: Date,
  region: RegionCheck | null,
): Promise<StartAnswer> {
  if (row.client_type !== clientType) {
    throw new AppError(ErrorCode.OTHER_TYPE_EXISTS, { status: 409, data: { appId: row.app_id, oaType: row.oa_type } });
  }
  // an application still being filled in: the region rule as for a new one (its own statement step counts);
  // a submitted one is only shown
  if (isEditable(row) && cnOpeningDenied(region, !!withStatement || (row.steps as StepName[]).includes('STATEMENT'))) {
    throw new AppError(ErrorCode.SWITCH_REGION_DENIED);
  }
  if (withStatement && isEditable(row)) {
    const steps = insertStatement(row.steps as StepName[], withStatement === 'last');
    if (steps.join() !== row.steps.join()) {
      row = await repo.updateApplication(tx, row.app_id, { steps }, at);
      await audit(tx, { actor: actorOf(userId), userId, appId: row.app_id, action: 'application.statement', detail: { position: withStatement }, at });
      if (withStatement === 'first') return answer(row, 'STATEMENT');
    }
  }
  return answer(row);
}

export async function switchType(
  deps: AppsDeps,
  userId: string,
  req: Req<'applySwitch'>,
  locateIp: LocateIp,
): Promise<StartAnswer> {
  const target = req.data.oaType;
  const targetType = clientTypeOf(target);
  if (req.withStatement) statementOnlyForCn(targetType, 'withStatement');
  const region = targetType === 'cn' ? await regionCheck(await areaType(deps, userId), locateIp) : null;
  const at = now(deps);
  return deps.db.transaction(async (tx) => {
    const row = await ownedActive(tx, userId, req.appId);
    if (!isEditable(row) || isRejected(row.apply_status)) throw new AppError(ErrorCode.APPLICATION_LOCKED);
    if (row.client_type === targetType) return continueExisting(tx, userId, row, targetType, req.withStatement, at, region);
    if (cnOpeningDenied(region, !!req.withStatement)) throw new AppError(ErrorCode.SWITCH_REGION_DENIED);
    const steps = stepsFor(targetType, req.withStatement);
    const oldDrafts = (row.data.drafts ?? {}) as Record<string, unknown>;
    const data: Record<string, unknown> = {};
    const drafts: Record<string, unknown> = {};
    for (const step of KEPT_ON_SWITCH) {
      if (step in row.data) data[step] = row.data[step];
      if (step in oldDrafts) drafts[step] = oldDrafts[step];
    }
    if (Object.keys(drafts).length) data.drafts = drafts;
    const cleared = Object.keys(row.data).filter((k) => k !== 'drafts' && !(k in data));
    const updated = await repo.updateApplication(
      tx,
      row.app_id,
      { oa_type: target, client_type: targetType, steps, current_step: null, latest_step: null, apply_status: FRESH_APPLY_STATUS, data, reject_data: null },
      at,
    );
    await audit(tx, {
      actor: actorOf(userId),
      userId,
      appId: row.app_id,
      action: 'application.switch',
      detail: { fromOaType: row.oa_type, toOaType: target, statement: req.withStatement ?? null, clearedSteps: cleared },
      at,
    });
    return answer(updated, steps[0]);
  });
}

/** The user's active application, or the one named (151301 when it is not theirs, without telling whether it exists). */
export async function detail(deps: AppsDeps, userId: string, appId?: string): Promise<ApplicationView | null> {
  if (appId) {
    const row = await repo.findById(deps.db, appId);
    if (!row || row.user_id !== userId) throw new AppError(ErrorCode.NO_APPLICATION);
    return toView(row);
  }
  const row = await repo.findActiveByUser(deps.db, userId);
  return row ? toView(row) : null;
}

/** Where and on what the request was made (asked only where it is recorded: the SIGNATURE step's save, the submit). */
export type EvidenceOf = () => Promise<ClientEvidence>;

/** The step whose full save records where and on what the applicant signed (signing_evidence, the certificate of completion). */
const EVIDENCE_STEP: StepName = 'SIGNATURE';
/** The step whose full save records the agreements as served (signed_agreements, the certificate of completion). */
const AGREEMENTS_STEP: StepName = 'SIGN';

export async function update(
  deps: AppsDeps,
  userId: string,
  req: Req<'applyUpdate'> & { draft: boolean },
  ip = '',
  evidenceOf?: EvidenceOf,
  /** the page's language (x-esop-lang): the language the SIGN step's agreements were served in */
  lang: Lang = 'zh-CN',
): Promise<{ application: ApplicationView; nextStep: StepName | null }> {
  const step = req.currentStep as StepName;
  const issues: Issue[] = [];
  if (req.stepVersion !== STEP_VERSION) issues.push({ path: 'stepVersion', message: `must be ${STEP_VERSION}` });
  const bounds = checkStepData(req.data);
  issues.push(...bounds.issues);
  if (issues.length) throw invalid(issues);
  // counted before the transaction, so that a refused save counts too
  if (!req.draft && (IDENTITY_STEPS as readonly string[]).includes(step)) await countCall(deps, 'identitySave', ip, userId);
  // the vendor asked before the transaction opens
  const evidence = !req.draft && step === EVIDENCE_STEP && evidenceOf ? await evidenceOf() : null;
  // the agreements' files read before the transaction opens too
  const agreements = !req.draft && step === AGREEMENTS_STEP && Array.isArray(req.data.agreements) ? await servedAgreements(req.data.agreements, lang) : [];
  const at = now(deps);
  return deps.db.transaction(async (tx) => {
    const row = await ownedActive(tx, userId, req.appId);
    const steps = row.steps as StepName[];
    if (!steps.includes(step)) throw new AppError(ErrorCode.STEP_UNKNOWN);
    if (!isEditable(row)) throw new AppError(ErrorCode.APPLICATION_LOCKED);
    if (isRejected(row.apply_status) && !(row.reject_data?.steps ?? []).includes(step)) throw new AppError(ErrorCode.APPLICATION_LOCKED);
    if ((await repo.foreignFiles(tx, userId, bounds.ossIds)).length) throw new AppError(ErrorCode.FORBIDDEN);
    if (!req.draft) {
      const ctx = stepContextOf(row, at, deps.config);
      const found: Issue[] = validateStep(step, req.data, ctx).map((i) => ({ path: `data.${i.field}`, message: i.rule }));
      if (!found.length) found.push(...(await runStepChecks(deps, { tx, userId, appId: row.app_id, step, data: req.data, ctx, config: deps.config, storage: deps.storage, row })));
      if (found.length) throw invalid(found);
    }

    const drafts = { ...((row.data.drafts ?? {}) as Record<string, unknown>) };
    let change: repo.AppChange;
    if (req.draft) {
      drafts[step] = req.data;
      change = { data: { ...row.data, drafts } };
    } else {
      delete drafts[step];
      const data: Record<string, unknown> = { ...row.data, [step]: req.data };
      if (Object.keys(drafts).length) data.drafts = drafts;
      else delete data.drafts;
      const latest = furthestStep(steps, row.latest_step as StepName | null, step);
      change = { data, current_step: step, latest_step: latest, apply_status: Math.max(row.apply_status, STEP_STATUS[latest]) };
      // a step sent back for correction and saved again is fixed (the status page lists it so; issue 25)
      if (isRejected(row.apply_status) && row.reject_data) change.reject_data = markFixed(row.reject_data, step);
    }
    // the change and its audit entry in one statement (issue 27: one round trip less per save)
    const updated = await repo.changeLockedApplication(tx, row, change, at, {
      actor: actorOf(userId),
      userId,
      appId: row.app_id,
      action: req.draft ? 'step.draft' : 'step.save',
      step,
      detail: {
        stepVersion: req.stepVersion,
        files: bounds.ossIds.length,
        ...(req.draft ? {} : { applyStatus: change.apply_status ?? row.apply_status }),
        ...(evidence ? { evidence: evidenceDetail(evidence) } : {}),
      },
      at,
    });
    if (evidence) await insertEvidence(tx, { appId: row.app_id, event: 'signature' }, evidence, at);
    if (agreements.length) await insertSignedAgreements(tx, row.app_id, agreements, at);
    await repo.linkFiles(tx, userId, row.app_id, bounds.ossIds);
    const move = nextMove(steps, step);
    return { application: toView(updated), nextStep: move.kind === 'step' ? move.step : null };
  });
}

/** What a step's rules see besides its data: HK today, the client type, the other steps' saved data, strict mode. */
export function stepContextOf(row: repo.AppRow, at: Date, config: Pick<Config, 'derivativeEvidence'>): StepContext {
  return stepContextOfApp(
    { clientType: row.client_type, applyStepsName: row.steps as string[], data: row.data, aecode: row.aecode, channel: row.channel },
    todayInHongKong(at),
    { derivativeEvidence: config.derivativeEvidence },
  );
}

export async function statementStep(deps: AppsDeps, userId: string, req: Req<'applyStatementStep'>): Promise<{ application: ApplicationView }> {
  const at = now(deps);
  return deps.db.transaction(async (tx) => {
    const row = await ownedActive(tx, userId, req.appId);
    if (!isEditable(row)) throw new AppError(ErrorCode.APPLICATION_LOCKED);
    statementOnlyForCn(row.client_type, 'appId');
    const steps = insertStatement(row.steps as StepName[], req.position === 'last');
    const updated = await repo.updateApplication(tx, row.app_id, { steps }, at);
    await audit(tx, { actor: actorOf(userId), userId, appId: row.app_id, action: 'application.statement', detail: { position: req.position }, at });
    return { application: toView(updated) };
  });
}

/**
 * Submits (part 3 §4, §8). In one transaction, the application's row locked (a double press or two concurrent submits
 * submit once: the second waits for the first and then finds it under review):
 * - already under review (1200/1500): answered as it is, no second submission;
 * - approved, opened or closed: 151300;
 * - a cn application with STATEMENT in its list and no saved statement: 150211 (the client goes to the statement page
 *   in supplement mode);
 * - every step of the list saved (not a draft) and valid by its domain validator with the application's context, else
 *   100400 with one issue per step {path: "steps.<STEP>", message: "required" (not saved) | the first rule broken};
 * - an agent code / channel that differs from the stored one: well formed, else 151212; stored otherwise (the
 *   invitation relation is the client's separate InvitationUpdate, when the feature is allowed);
 * - the status moves to 1200, or 1500 for an applicant staff marked for the professional-person verification; a
 *   resubmission after a rejection clears rejectData. The event keeps the snapshot hashes and the steps changed
 *   since the previous submission.
 */
export async function submit(deps: AppsDeps, userId: string, req: Req<'applySubmit'>, evidenceOf?: EvidenceOf): Promise<{ application: ApplicationView }> {
  const settings = await getUserSettings(deps.db, userId);
  const evidence = evidenceOf ? await evidenceOf() : null;
  const at = now(deps);
  return deps.db.transaction(async (tx) => {
    const row = await ownedActive(tx, userId, req.appId);
    const outcome = submitOutcome(row.apply_status, row.client_status);
    if (outcome === 'already') return { application: toView(row) };
    if (outcome === 'locked') throw new AppError(ErrorCode.APPLICATION_LOCKED);
    const steps = row.steps as StepName[];
    const saved = savedStepsOf(row.data);
    // a restricted mainland applicant who put the statement off must provide it first
    if (row.client_type === 'cn' && steps.includes('STATEMENT') && !saved.STATEMENT) throw new AppError(ErrorCode.NEED_STATEMENT);
    const ctx = stepContextOf(row, at, deps.config);
    const issues: Issue[] = [];
    for (const step of steps) {
      const data = saved[step];
      if (!data) {
        issues.push({ path: submitIssuePath(step), message: 'required' });
        continue;
      }
      const broken = validateStep(step, data, ctx);
      if (broken.length) issues.push({ path: submitIssuePath(step), message: broken[0].rule });
    }
    if (issues.length) throw invalid(issues);

    const channel = checkChannelChange({ aeCode: row.aecode, channel: row.channel }, { aeCode: req.aeCode, channel: req.channel });
    if (channel === 'invalid') throw new AppError(ErrorCode.CHANNEL_INCORRECT);
    await holdIdentityNumbers(tx, userId, row.app_id);

    const snapshot = snapshotOf(steps, row.data);
    const previous = await events.lastEventOf(tx, row.app_id, ['submit', 'resubmit']);
    const previousHashes = (previous?.detail.stepHashes ?? null) as Record<string, string> | null;
    const resubmission = outcome === 'resubmit';
    const updated = await changeApplication(tx, row, {
      actor: actorOf(userId),
      kind: resubmission ? 'resubmit' : 'submit',
      auditAction: 'application.submit',
      at,
      change: {
        apply_status: submittedStatusFor(settings.witness === true),
        submitted_at: at,
        ...(resubmission ? { resubmitted_at: at } : {}),
        reject_data: null,
        ...(channel.aeCode !== undefined ? { aecode: channel.aeCode } : {}),
        ...(channel.channel !== undefined ? { channel: channel.channel } : {}),
      },
      detail: {
        resubmission,
        ...snapshot,
        changedSteps: changedSince(steps, snapshot, previousHashes),
        previousEventId: previous?.id ?? null,
        ...(resubmission ? { rejectData: row.reject_data } : {}),
        ...(Object.keys(channel).length ? { channelChange: { from: { aeCode: row.aecode, channel: row.channel }, to: channel } } : {}),
      },
    });
    // where and on what it was submitted (the certificate of completion), in the audit log too
    if (evidence) {
      await insertEvidence(tx, { appId: row.app_id, event: 'submit' }, evidence, at);
      await audit(tx, { actor: actorOf(userId), userId, appId: row.app_id, action: 'application.submit.evidence', detail: evidenceDetail(evidence), at });
    }
    // the data as submitted (the desk compares submissions), and the reviewer who sent it back holds it again
    await repo.insertSnapshot(tx, row.app_id, at, saved);
    if (resubmission) await repo.renewClaim(tx, row.app_id, at);
    return { application: toView(updated) };
  });
}

/**
 * At submit the application's identity numbers become held: 150204 (the holder's masked phone) when another user's
 * submitted application holds one already, found by the look-up or, in a race of two submits, by the unique index.
 */
async function holdIdentityNumbers(tx: Db, userId: string, appId: string): Promise<void> {
  const numbers = [...(await savedNumbers(tx, appId)).values()];
  if (!numbers.length) return;
  const holder = await heldBy(tx, userId, numbers);
  if (holder) throw registered(holder);
  if (!(await unlessTaken(tx, () => holdNumbers(tx, appId)))) throw registered((await heldBy(tx, userId, numbers)) ?? '');
}

/** The agent code and channel stored on the caller's active application (the channel-change dialog compares them). */
export async function ownChannel(deps: AppsDeps, userId: string): Promise<{ aeCode: string | null; channel: string | null }> {
  const row = await repo.findActiveByUser(deps.db, userId);
  if (!row) throw new AppError(ErrorCode.NO_APPLICATION);
  return { aeCode: row.aecode, channel: row.channel };
}

/** Keeps the last position the app reported on the user's active application (none: nothing to keep). */
export async function reportPosition(deps: AppsDeps, userId: string, location: string): Promise<void> {
  const at = now(deps);
  await deps.db.transaction(async (tx) => {
    const row = await repo.findActiveByUser(tx, userId, true);
    if (row) await repo.updateApplication(tx, row.app_id, { last_position: location, last_position_at: at }, at);
    // the position itself is personal data: the audit trail records only that it was reported
    await audit(tx, { actor: actorOf(userId), userId, appId: row?.app_id ?? null, action: 'position.report', at });
  });
}
