/**
 * The broker's request to complete information (issue 13): staff open one for an account naming its items
 * (`ops improve-request`), the client reads it with what is on file (ImproveInfoDetail) and answers every item
 * (ImproveInfoSubmit: the domain's rules, the files the caller's own), which closes it; staff list and read the
 * answers (`ops improve-list`, `ops improve-show`) or withdraw a request. Another client's account is 100403.
 */
import { randomBytes } from 'node:crypto';
import {
  ErrorCode,
  IMPROVE_ITEMS,
  IMPROVE_STATUS,
  improveContextOf,
  improvePrefillOf,
  isImproveItem,
  todayInHongKong,
  validateImproveAnswers,
  type ImproveItem,
  type Req,
  type Res,
} from '@core/domain';
import { audit } from '../../db/audit';
import { AppError, OpsInputError } from '../../errors';
import { checkStepData } from '../applications';
import { foreignFiles } from '../applications';
import { unknownCountries } from '../applications';
import { accountOwner, lockAccount, openingApplication } from '../accounts';
import { mine, type AccountDeps, type Caller } from '../accounts';
import * as repo from './repository';

const itemsOf = (r: repo.ImproveRow): ImproveItem[] => IMPROVE_ITEMS.filter((i) => r.fields.includes(i));

async function contextOf(deps: AccountDeps, appId: string | null, now: Date) {
  const app = await openingApplication(deps.db, appId);
  return { app, ctx: improveContextOf(app?.client_type ?? 'hk', app?.data, todayInHongKong(now)) };
}

export async function detail(deps: AccountDeps, who: Caller, req: Req<'improveInfoDetail'>): Promise<Res<'improveInfoDetail'>> {
  const a = await mine(deps.db, who.userId, req.subAcctId);
  const r = await repo.openRequestOf(deps.db, a.sub_acct_id);
  const { app, ctx } = await contextOf(deps, a.app_id, new Date(deps.clock.now()));
  return {
    request: r ? { requestId: r.id, items: itemsOf(r), message: r.message, createdAt: r.created_at.toISOString() } : null,
    context: { clientType: ctx.clientType, birthday: ctx.birthday, employment: ctx.employment },
    prefill: improvePrefillOf(app?.data),
  };
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

/** The answers as stored: each item's own fields, strings trimmed, files as {ossId, description}. */
function cleanAnswers(items: ImproveItem[], answers: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const item of items) {
    const a = answers[item] as Record<string, unknown>;
    if (item === 'idDocument') {
      const files = (a.files as { ossId: string; description?: unknown }[]).map((f) => ({ ossId: f.ossId, description: typeof f.description === 'string' ? f.description.slice(0, 200) : '' }));
      out[item] = { files, validUntil: a.validUntil };
    } else if (item === 'taxResidency') {
      out[item] = { rows: (a.rows as Record<string, unknown>[]).map((r) => ({ countryCode: r.countryCode, taxNumber: r.taxNumber })), confirmed: true };
    } else {
      out[item] = Object.fromEntries(Object.entries(a).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => [k, text(v)]));
    }
  }
  return out;
}

export async function submit(deps: AccountDeps, who: Caller, req: Req<'improveInfoSubmit'>): Promise<Res<'improveInfoSubmit'>> {
  const at = new Date(deps.clock.now());
  const bounds = checkStepData(req.answers);
  if (bounds.issues.length) throw new AppError(ErrorCode.INVALID_INPUT, { data: { issues: bounds.issues.map((i) => ({ ...i, path: `answers${i.path ? `.${i.path}` : ''}` })) } });
  return deps.db.transaction(async (tx) => {
    const a = await mine(tx, who.userId, req.subAcctId, true);
    const r = await repo.requestById(tx, req.requestId, true);
    if (!r || r.sub_acct_id !== a.sub_acct_id) throw new AppError(ErrorCode.FORBIDDEN);
    if (r.status !== IMPROVE_STATUS.OPEN) throw new AppError(ErrorCode.IMPROVE_CLOSED);
    const items = itemsOf(r);
    const { ctx } = await contextOf({ ...deps, db: tx }, a.app_id, at);
    const issues = validateImproveAnswers(items, req.answers, ctx);
    if (issues.length) throw new AppError(ErrorCode.INVALID_INPUT, { data: { issues: issues.map((i) => ({ path: `answers.${i.field}`, message: i.rule })) } });
    // service-only: the tax countries are ISO countries (the domain checks their form)
    const rows = items.includes('taxResidency') ? ((req.answers.taxResidency as { rows: { countryCode: unknown }[] }).rows ?? []) : [];
    const unknown = unknownCountries(rows.map((r, i) => [`taxResidency.rows.${i}.countryCode`, r.countryCode] as const));
    if (unknown.length) throw new AppError(ErrorCode.INVALID_INPUT, { data: { issues: unknown.map((i) => ({ ...i, path: i.path.replace(/^data\./, 'answers.') })) } });
    const files = items.includes('idDocument') ? ((req.answers.idDocument as { files: { ossId: string }[] }).files ?? []).map((f) => f.ossId) : [];
    if ((await foreignFiles(tx, who.userId, files)).length) throw new AppError(ErrorCode.FORBIDDEN);
    await repo.completeRequest(tx, r.id, cleanAnswers(items, req.answers), at);
    await audit(tx, { actor: `user:${who.userId}`, userId: who.userId, appId: a.app_id, action: 'account.improveInfo.complete', detail: { subAcctId: a.sub_acct_id, requestId: r.id, items }, at });
    return { status: IMPROVE_STATUS.COMPLETED, completedAt: at.toISOString() };
  });
}

// ---------------------------------------------------------------- staff (ops)

class ImproveRefusal extends OpsInputError {}

export interface ImproveSummary {
  requestId: string;
  subAcctId: string;
  items: ImproveItem[];
  status: number;
  message: string | null;
  createdAt: string;
  completedAt: string | null;
  closedBy: string | null;
}

const summary = (r: repo.ImproveRow): ImproveSummary => ({
  requestId: r.id,
  subAcctId: r.sub_acct_id,
  items: itemsOf(r),
  status: r.status,
  message: r.message,
  createdAt: r.created_at.toISOString(),
  completedAt: r.completed_at?.toISOString() ?? null,
  closedBy: r.closed_by,
});

/** Opens a request for an account (one open at a time: withdraw the open one first). */
export async function requestImprove(deps: AccountDeps, subAcctId: string, items: ImproveItem[], message: string | null): Promise<ImproveSummary> {
  if (!items.length || items.some((i) => !isImproveItem(i))) throw new ImproveRefusal(`--items: one or more of ${IMPROVE_ITEMS.join(', ')}`);
  const at = new Date(deps.clock.now());
  return deps.db.transaction(async (tx) => {
    const owner = await accountOwner(tx, subAcctId, true);
    if (!owner) throw new ImproveRefusal(`no account ${subAcctId}`);
    const open = await repo.openRequestOf(tx, subAcctId);
    if (open) throw new ImproveRefusal(`account ${subAcctId} has an open request ${open.id} (withdraw it first: improve-withdraw ${open.id})`);
    const r = await repo.insertRequest(tx, { id: `IMP${randomBytes(9).toString('base64url')}`, sub_acct_id: subAcctId, user_id: owner.user_id, fields: items, message, created_at: at });
    if (!r) throw new ImproveRefusal(`account ${subAcctId} has an open request`);
    await audit(tx, { actor: 'ops:improve-request', userId: owner.user_id, appId: owner.app_id, action: 'account.improveInfo.request', detail: { subAcctId, requestId: r.id, items }, at });
    return summary(r);
  });
}

export async function withdrawImprove(deps: AccountDeps, requestId: string): Promise<ImproveSummary> {
  const at = new Date(deps.clock.now());
  return deps.db.transaction(async (tx) => {
    const found = await repo.requestById(tx, requestId);
    if (!found) throw new ImproveRefusal(`no request ${requestId}`);
    // the account first, as the client's calls lock them
    await lockAccount(tx, found.sub_acct_id);
    const r = (await repo.requestById(tx, requestId, true))!;
    if (r.status !== IMPROVE_STATUS.OPEN) throw new ImproveRefusal(`request ${requestId} is not open (status ${r.status})`);
    await repo.withdrawRequest(tx, r.id, at, 'ops');
    await audit(tx, { actor: 'ops:improve-withdraw', userId: r.user_id, action: 'account.improveInfo.withdraw', detail: { subAcctId: r.sub_acct_id, requestId: r.id }, at });
    return summary({ ...r, status: IMPROVE_STATUS.WITHDRAWN, completed_at: at, closed_by: 'ops' });
  });
}

export async function listImprove(deps: AccountDeps, filter: { subAcctId?: string; openOnly?: boolean; limit?: number }): Promise<ImproveSummary[]> {
  return (await repo.listRequests(deps.db, { ...filter, limit: filter.limit ?? 200 })).map(summary);
}

export async function showImprove(deps: AccountDeps, requestId: string): Promise<ImproveSummary & { answers: Record<string, unknown> | null }> {
  const r = await repo.requestById(deps.db, requestId);
  if (!r) throw new ImproveRefusal(`no request ${requestId}`);
  return { ...summary(r), answers: r.answers };
}
