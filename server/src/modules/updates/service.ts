/**
 * Account updates (issue 13; spec part 3 §4 "Update and resubmission flow"): the account's current address and
 * W-8BEN, the update in progress (one per account), saving a module (8 address, 512 W-8BEN: the domain's rules, the
 * proof files the caller's own, a real change), discarding, submitting for review, and staff's decision. Changing
 * anything needs the trading password verified in this session (modules/trade-password); every call names one of the
 * caller's accounts and its client id (100403 otherwise).
 */
import { randomBytes } from 'node:crypto';
import {
  ErrorCode,
  UPDATE_ACTION,
  UPDATE_MODULE,
  UPDATE_STATUS,
  canSubmitUpdate,
  changed,
  isUpdateOpen,
  isUpdateRejected,
  validateAddressUpdate,
  validateW8Update,
  w8Address,
  addressFieldsOf,
  MAILING,
  type Req,
  type Res,
  type UpdateModule,
} from '@core/domain';
import type { Db } from '../../db';
import { audit } from '../../db/audit';
import { AppError, OpsInputError } from '../../errors';
import { foreignFiles } from '../applications';
import { lockAccount, type AccountRow } from '../accounts';
import { mine, type AccountDeps, type Caller } from '../accounts';
import { requireVerified } from '../trade-password';
import * as repo from './repository';
import type { UpdateRow } from './repository';

export type { UpdateRow };

const masks = (u: UpdateRow) => ({ updateId: u.update_id, status: u.status, module: u.module, reUpdateModule: u.re_update_module, rejectModule: u.reject_module });

/** The address module as the account holds it (its contact details). */
function currentAddress(a: AccountRow): Record<string, unknown> | null {
  return a.contact ? addressFieldsOf(a.contact) : null;
}

/** The W-8BEN module as the account holds it. */
function currentW8(a: AccountRow): Record<string, unknown> | null {
  return a.w8 ? { country: a.w8.country ?? '', residenceAddress: a.w8.residenceAddress ?? '' } : null;
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** The module's data as stored: only its own fields, trimmed; the W-8 address upper case. */
function cleanModule(m: UpdateModule, data: Record<string, unknown>): Record<string, unknown> {
  if (m === UPDATE_MODULE.W8) return { country: str(data.country), residenceAddress: w8Address(str(data.residenceAddress)) };
  const out: Record<string, unknown> = addressFieldsOf(data);
  const proof = (data.proofOfAddress ?? {}) as { residence?: unknown[]; mailing?: unknown[] };
  const refs = (list: unknown[] | undefined) => (list ?? []).map((f) => ({ ossId: (f as { ossId: string }).ossId, description: str((f as { description?: unknown }).description).slice(0, 100) }));
  out.proofOfAddress = { residence: refs(proof.residence), mailing: out.mailingSameResidential === MAILING.DIFFERENT ? refs(proof.mailing) : [] };
  return out;
}

export async function applys(deps: AccountDeps, who: Caller, req: Req<'clientApplys'>): Promise<Res<'clientApplys'>> {
  const a = await mine(deps.db, who.userId, req.subAcctId);
  const u = await repo.latestUpdate(deps.db, a.sub_acct_id);
  const n = await repo.noticeOf(deps.db, a.sub_acct_id);
  return {
    current: { address: currentAddress(a), w8: currentW8(a) },
    update: u ? { ...masks(u), isCreated: true, rejectData: u.reject_data, data: u.data } : null,
    notice: n ? { module: n.module, message: n.message, seen: !!n.seen_at } : null,
  };
}

function ownIds(a: AccountRow, cltId: string): void {
  if (a.clt_id !== cltId) throw new AppError(ErrorCode.FORBIDDEN);
}

/** What every change needs: the caller's account (locked) with its client id, the trading password verified in this session. */
async function editableAccount(tx: Db, who: Caller, req: { subAcctId: string; cltId: string }, at: Date): Promise<AccountRow> {
  const a = await mine(tx, who.userId, req.subAcctId, true);
  ownIds(a, req.cltId);
  await requireVerified(tx, who, a.sub_acct_id, at);
  return a;
}

/** The account's own update (locked); another account's or an unknown one is 100403 alike. */
async function ownUpdate(tx: Db, a: AccountRow, updateId: string): Promise<UpdateRow> {
  const u = await repo.updateById(tx, updateId, true);
  if (!u || u.sub_acct_id !== a.sub_acct_id) throw new AppError(ErrorCode.FORBIDDEN);
  return u;
}

/** Saves one module into `u` (checked, the proof files the caller's, a real change), or discards the update. */
async function saveModule(tx: Db, who: Caller, a: AccountRow, u: UpdateRow, req: { module: UpdateModule; action: number; data?: Record<string, unknown> }, at: Date): Promise<UpdateRow> {
  if (!isUpdateOpen(u.status)) throw new AppError(ErrorCode.UPDATE_CLOSED);
  if (req.action === UPDATE_ACTION.DISCARD) {
    await repo.decideUpdate(tx, u.update_id, UPDATE_STATUS.DISCARDED, at);
    await audit(tx, { actor: `user:${who.userId}`, userId: who.userId, appId: a.app_id, action: 'account.update.discard', detail: { subAcctId: a.sub_acct_id, updateId: u.update_id }, at });
    return { ...u, status: UPDATE_STATUS.DISCARDED };
  }
  const data = req.data ?? {};
  const issues = (req.module === UPDATE_MODULE.ADDRESS ? validateAddressUpdate(data) : validateW8Update(data)).map((i) => ({ path: `data.${i.field}`, message: i.rule }));
  if (issues.length) throw new AppError(ErrorCode.INVALID_INPUT, { data: { issues } });
  const clean = cleanModule(req.module, data);
  if (req.module === UPDATE_MODULE.ADDRESS) {
    const proof = clean.proofOfAddress as { residence: { ossId: string }[]; mailing: { ossId: string }[] };
    const ids = [...proof.residence, ...proof.mailing].map((f) => f.ossId);
    if ((await foreignFiles(tx, who.userId, ids)).length) throw new AppError(ErrorCode.FORBIDDEN);
  }
  const current = req.module === UPDATE_MODULE.ADDRESS ? currentAddress(a) : currentW8(a);
  const comparable = req.module === UPDATE_MODULE.ADDRESS ? addressFieldsOf(clean) : clean;
  if (current && !changed(current, comparable)) throw new AppError(ErrorCode.NO_CHANGE);
  const module = u.module | req.module;
  const reUpdate = isUpdateRejected(u.status) ? u.re_update_module | req.module : u.re_update_module;
  const nextData = { ...u.data, [String(req.module)]: clean };
  await repo.saveModules(tx, u.update_id, module, reUpdate, nextData, at);
  await audit(tx, { actor: `user:${who.userId}`, userId: who.userId, appId: a.app_id, action: 'account.update.save', detail: { subAcctId: a.sub_acct_id, updateId: u.update_id, module: req.module }, at });
  return { ...u, module, re_update_module: reUpdate, data: nextData };
}

export async function apply(deps: AccountDeps, who: Caller, req: Req<'clientApply'>): Promise<Res<'clientApply'>> {
  const at = new Date(deps.clock.now());
  return deps.db.transaction(async (tx) => {
    const a = await editableAccount(tx, who, req, at);
    const open = await repo.latestUpdate(tx, a.sub_acct_id);
    if (open && open.status !== UPDATE_STATUS.APPROVED && open.status !== UPDATE_STATUS.DISCARDED) throw new AppError(ErrorCode.UPDATE_EXISTS, { data: { updateId: open.update_id } });
    if (req.action === UPDATE_ACTION.DISCARD) throw new AppError(ErrorCode.NO_CHANGE);
    const u: UpdateRow = { update_id: `UPD${randomBytes(9).toString('base64url')}`, sub_acct_id: a.sub_acct_id, user_id: who.userId, status: UPDATE_STATUS.EDITING, module: 0, re_update_module: 0, reject_module: 0, reject_data: null, data: {} };
    await repo.insertUpdate(tx, u, at);
    return masks(await saveModule(tx, who, a, u, req, at));
  });
}

export async function update(deps: AccountDeps, who: Caller, req: Req<'clientUpdate'>): Promise<Res<'clientUpdate'>> {
  const at = new Date(deps.clock.now());
  return deps.db.transaction(async (tx) => {
    const a = await editableAccount(tx, who, req, at);
    const u = await ownUpdate(tx, a, req.updateId);
    return masks(await saveModule(tx, who, a, u, req, at));
  });
}

export async function submit(deps: AccountDeps, who: Caller, req: Req<'clientSubmit'>): Promise<Res<'clientSubmit'>> {
  const at = new Date(deps.clock.now());
  return deps.db.transaction(async (tx) => {
    const a = await editableAccount(tx, who, req, at);
    const u = await ownUpdate(tx, a, req.updateId);
    if (!isUpdateOpen(u.status)) throw new AppError(ErrorCode.UPDATE_CLOSED);
    if (!canSubmitUpdate({ status: u.status, module: u.module, reUpdateModule: u.re_update_module, rejectModule: u.reject_module })) throw new AppError(ErrorCode.NO_CHANGE);
    await repo.submitUpdate(tx, u.update_id, UPDATE_STATUS.SUBMITTED, at);
    await audit(tx, { actor: `user:${who.userId}`, userId: who.userId, appId: a.app_id, action: 'account.update.submit', detail: { subAcctId: a.sub_acct_id, updateId: u.update_id, module: u.module }, at });
    return { status: UPDATE_STATUS.SUBMITTED };
  });
}

export async function noticeSeen(deps: AccountDeps, who: Caller, req: Req<'clientUpdateNotice'>): Promise<Res<'clientUpdateNotice'>> {
  const a = await mine(deps.db, who.userId, req.subAcctId);
  ownIds(a, req.cltId);
  return { seen: await repo.markNoticeSeen(deps.db, a.sub_acct_id, new Date(deps.clock.now())) };
}

// ---------------------------------------------------------------- staff (ops)

/** A refusal staff see as the command's error (an OpsInputError). */
class UpdateRefusal extends OpsInputError {}

/** The update, locked after its account (the order the client's calls lock them in: no deadlock between the two). */
async function lockedUpdate(tx: Db, updateId: string): Promise<UpdateRow | undefined> {
  const found = await repo.updateById(tx, updateId);
  if (!found) return undefined;
  await lockAccount(tx, found.sub_acct_id);
  return repo.updateById(tx, updateId, true);
}

/** Approves a submitted update: its modules' data become the account's. `actor`: who decides (ops, or a desk member). */
export async function approveUpdate(deps: AccountDeps, updateId: string, actor = 'ops:update-approve'): Promise<UpdateRow> {
  const at = new Date(deps.clock.now());
  return deps.db.transaction(async (tx) => {
    const u = await lockedUpdate(tx, updateId);
    if (!u) throw new UpdateRefusal(`no update ${updateId}`);
    if (u.status !== UPDATE_STATUS.SUBMITTED) throw new UpdateRefusal(`update ${updateId} is not submitted (status ${u.status})`);
    const address = u.data[String(UPDATE_MODULE.ADDRESS)] as Record<string, unknown> | undefined;
    const w8 = u.data[String(UPDATE_MODULE.W8)] as Record<string, unknown> | undefined;
    if (address) await repo.setAccountContact(tx, u.sub_acct_id, address);
    if (w8) await repo.setAccountW8(tx, u.sub_acct_id, w8);
    await repo.decideUpdate(tx, updateId, UPDATE_STATUS.APPROVED, at);
    await repo.clearNotices(tx, u.sub_acct_id, u.module);
    await audit(tx, { actor, userId: u.user_id, action: 'account.update.approve', detail: { subAcctId: u.sub_acct_id, updateId, module: u.module }, at });
    return { ...u, status: UPDATE_STATUS.APPROVED };
  });
}

/** Sends a submitted update back: the modules to fix (of those it changed) and a message. */
export async function rejectUpdate(
  deps: AccountDeps,
  updateId: string,
  modules: number,
  message: string,
  status: number = UPDATE_STATUS.REJECTED,
  actor = 'ops:update-reject',
): Promise<UpdateRow> {
  const at = new Date(deps.clock.now());
  return deps.db.transaction(async (tx) => {
    const u = await lockedUpdate(tx, updateId);
    if (!u) throw new UpdateRefusal(`no update ${updateId}`);
    if (u.status !== UPDATE_STATUS.SUBMITTED) throw new UpdateRefusal(`update ${updateId} is not submitted (status ${u.status})`);
    if (!isUpdateRejected(status)) throw new UpdateRefusal(`status ${status} is not a rejection (1900, 1901, 1902)`);
    if (!modules || (modules & ~u.module) !== 0) throw new UpdateRefusal(`modules ${modules}: only modules of the update (${u.module}: 8 address, 512 W-8BEN)`);
    const steps = [UPDATE_MODULE.ADDRESS, UPDATE_MODULE.W8].filter((m) => (modules & m) === m).map((m) => (m === UPDATE_MODULE.ADDRESS ? 'address' : 'w8'));
    await repo.rejectUpdateRow(tx, updateId, status, modules, { message, steps }, at);
    await audit(tx, { actor, userId: u.user_id, action: 'account.update.reject', detail: { subAcctId: u.sub_acct_id, updateId, modules, status }, at });
    return { ...u, status, reject_module: modules, re_update_module: 0, reject_data: { message, steps } };
  });
}

/** The broker asks the client to update a module (e.g. a W-8BEN renewal); replaces an earlier request. */
export async function requestUpdate(deps: AccountDeps, subAcctId: string, module: number, message: string): Promise<void> {
  if (module !== UPDATE_MODULE.ADDRESS && module !== UPDATE_MODULE.W8 && module !== (UPDATE_MODULE.ADDRESS | UPDATE_MODULE.W8)) throw new UpdateRefusal(`module ${module}: 8 address, 512 W-8BEN or 520 both`);
  if (!(await repo.accountExists(deps.db, subAcctId))) throw new UpdateRefusal(`no account ${subAcctId}`);
  await repo.upsertNotice(deps.db, subAcctId, module, message, new Date(deps.clock.now()));
}
