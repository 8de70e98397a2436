/**
 * Account updates (issue 13; spec part 3 §4 "Update and resubmission flow"): the account's current address and
 * W-8BEN, the update in progress (one per account), saving a module (8 address, 512 W-8BEN: the domain's rules, the
 * proof files the caller's own, a real change), discarding, submitting for review, and staff's decision. Changing
 * anything needs the trading password verified in this session (trade-password.ts); every call names one of the
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
  w8AddressOf,
  addressFieldsOf,
  MAILING,
  type Req,
  type Res,
  type UpdateModule,
} from '@core/domain';
import type { Db } from '../../db';
import { audit } from '../../db/audit';
import { AppError } from '../../errors';
import { foreignFiles } from '../applications/repository';
import { OpsInputError } from '../auth/ops-service';
import { mine, type AccountDeps } from './service';
import { requireVerified, type Caller } from './trade-password';
import type { AccountRow } from './repository';

export interface UpdateRow {
  update_id: string;
  sub_acct_id: string;
  user_id: string;
  status: number;
  module: number;
  re_update_module: number;
  reject_module: number;
  reject_data: { message: string; steps: string[] } | null;
  data: Record<string, unknown>;
}

const COLUMNS = 'update_id, sub_acct_id, user_id, status, module, re_update_module, reject_module, reject_data, data';

/** The update in progress of the account (not approved or discarded), else the latest one. */
async function latestUpdate(db: Db, subAcctId: string, forUpdate = false): Promise<UpdateRow | undefined> {
  const { rows } = await db.query<UpdateRow>(
    `SELECT ${COLUMNS} FROM client_updates WHERE sub_acct_id = $1 ORDER BY (status NOT IN (4000, 5000)) DESC, created_at DESC LIMIT 1${forUpdate ? ' FOR UPDATE' : ''}`,
    [subAcctId],
  );
  return rows[0];
}

export async function updateById(db: Db, updateId: string, forUpdate = false): Promise<UpdateRow | undefined> {
  const { rows } = await db.query<UpdateRow>(`SELECT ${COLUMNS} FROM client_updates WHERE update_id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [updateId]);
  return rows[0];
}

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
  if (m === UPDATE_MODULE.W8) return { country: str(data.country), residenceAddress: w8AddressOf(str(data.residenceAddress)) };
  const out: Record<string, unknown> = addressFieldsOf(data);
  const proof = (data.proofOfAddress ?? {}) as { residence?: unknown[]; mailing?: unknown[] };
  const refs = (list: unknown[] | undefined) => (list ?? []).map((f) => ({ ossId: (f as { ossId: string }).ossId, description: str((f as { description?: unknown }).description).slice(0, 100) }));
  out.proofOfAddress = { residence: refs(proof.residence), mailing: out.mailingSameResidential === MAILING.DIFFERENT ? refs(proof.mailing) : [] };
  return out;
}

export async function applys(deps: AccountDeps, who: Caller, req: Req<'clientApplys'>): Promise<Res<'clientApplys'>> {
  const a = await mine(deps.db, who.userId, req.subAcctId);
  const u = await latestUpdate(deps.db, a.sub_acct_id);
  const { rows } = await deps.db.query<{ module: number; message: string; seen_at: Date | null }>('SELECT module, message, seen_at FROM update_notices WHERE sub_acct_id = $1', [a.sub_acct_id]);
  const n = rows[0];
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
  const u = await updateById(tx, updateId, true);
  if (!u || u.sub_acct_id !== a.sub_acct_id) throw new AppError(ErrorCode.FORBIDDEN);
  return u;
}

/** Saves one module into `u` (checked, the proof files the caller's, a real change), or discards the update. */
async function saveModule(tx: Db, who: Caller, a: AccountRow, u: UpdateRow, req: { module: UpdateModule; action: number; data?: Record<string, unknown> }, at: Date): Promise<UpdateRow> {
  if (!isUpdateOpen(u.status)) throw new AppError(ErrorCode.UPDATE_CLOSED);
  if (req.action === UPDATE_ACTION.DISCARD) {
    await tx.query('UPDATE client_updates SET status = $2, updated_at = $3, decided_at = $3 WHERE update_id = $1', [u.update_id, UPDATE_STATUS.DISCARDED, at]);
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
  await tx.query('UPDATE client_updates SET module = $2, re_update_module = $3, data = $4::jsonb, updated_at = $5 WHERE update_id = $1', [u.update_id, module, reUpdate, JSON.stringify(nextData), at]);
  await audit(tx, { actor: `user:${who.userId}`, userId: who.userId, appId: a.app_id, action: 'account.update.save', detail: { subAcctId: a.sub_acct_id, updateId: u.update_id, module: req.module }, at });
  return { ...u, module, re_update_module: reUpdate, data: nextData };
}

export async function apply(deps: AccountDeps, who: Caller, req: Req<'clientApply'>): Promise<Res<'clientApply'>> {
  const at = new Date(deps.clock.now());
  return deps.db.transaction(async (tx) => {
    const a = await editableAccount(tx, who, req, at);
    const open = await latestUpdate(tx, a.sub_acct_id);
    if (open && open.status !== UPDATE_STATUS.APPROVED && open.status !== UPDATE_STATUS.DISCARDED) throw new AppError(ErrorCode.UPDATE_EXISTS, { data: { updateId: open.update_id } });
    if (req.action === UPDATE_ACTION.DISCARD) throw new AppError(ErrorCode.NO_CHANGE);
    const u: UpdateRow = { update_id: `UPD${randomBytes(9).toString('base64url')}`, sub_acct_id: a.sub_acct_id, user_id: who.userId, status: UPDATE_STATUS.EDITING, module: 0, re_update_module: 0, reject_module: 0, reject_data: null, data: {} };
    await tx.query('INSERT INTO client_updates (update_id, sub_acct_id, user_id, status, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)', [u.update_id, u.sub_acct_id, u.user_id, u.status, at]);
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
    await tx.query('UPDATE client_updates SET status = $2, submitted_at = $3, updated_at = $3 WHERE update_id = $1', [u.update_id, UPDATE_STATUS.SUBMITTED, at]);
    await audit(tx, { actor: `user:${who.userId}`, userId: who.userId, appId: a.app_id, action: 'account.update.submit', detail: { subAcctId: a.sub_acct_id, updateId: u.update_id, module: u.module }, at });
    return { status: UPDATE_STATUS.SUBMITTED };
  });
}

export async function noticeSeen(deps: AccountDeps, who: Caller, req: Req<'clientUpdateNotice'>): Promise<Res<'clientUpdateNotice'>> {
  const a = await mine(deps.db, who.userId, req.subAcctId);
  ownIds(a, req.cltId);
  const { rows } = await deps.db.query('UPDATE update_notices SET seen_at = coalesce(seen_at, $2) WHERE sub_acct_id = $1 RETURNING sub_acct_id', [a.sub_acct_id, new Date(deps.clock.now())]);
  return { seen: rows.length > 0 };
}

// ---------------------------------------------------------------- staff (ops)

/** A refusal staff see as the command's error (an OpsInputError). */
class UpdateRefusal extends OpsInputError {}

/** The update, locked after its account (the order the client's calls lock them in: no deadlock between the two). */
async function lockedUpdate(tx: Db, updateId: string): Promise<UpdateRow | undefined> {
  const found = await updateById(tx, updateId);
  if (!found) return undefined;
  await tx.query('SELECT 1 FROM accounts WHERE sub_acct_id = $1 FOR UPDATE', [found.sub_acct_id]);
  return updateById(tx, updateId, true);
}

/** Approves a submitted update: its modules' data become the account's. */
export async function approveUpdate(deps: AccountDeps, updateId: string): Promise<UpdateRow> {
  const at = new Date(deps.clock.now());
  return deps.db.transaction(async (tx) => {
    const u = await lockedUpdate(tx, updateId);
    if (!u) throw new UpdateRefusal(`no update ${updateId}`);
    if (u.status !== UPDATE_STATUS.SUBMITTED) throw new UpdateRefusal(`update ${updateId} is not submitted (status ${u.status})`);
    const address = u.data[String(UPDATE_MODULE.ADDRESS)] as Record<string, unknown> | undefined;
    const w8 = u.data[String(UPDATE_MODULE.W8)] as Record<string, unknown> | undefined;
    if (address) await tx.query('UPDATE accounts SET contact = $2::jsonb WHERE sub_acct_id = $1', [u.sub_acct_id, JSON.stringify(address)]);
    if (w8) await tx.query('UPDATE accounts SET w8 = $2::jsonb WHERE sub_acct_id = $1', [u.sub_acct_id, JSON.stringify(w8)]);
    await tx.query('UPDATE client_updates SET status = $2, decided_at = $3, updated_at = $3 WHERE update_id = $1', [updateId, UPDATE_STATUS.APPROVED, at]);
    await tx.query('DELETE FROM update_notices WHERE sub_acct_id = $1 AND module & $2 = module', [u.sub_acct_id, u.module]);
    await audit(tx, { actor: 'ops:update-approve', userId: u.user_id, action: 'account.update.approve', detail: { subAcctId: u.sub_acct_id, updateId, module: u.module }, at });
    return { ...u, status: UPDATE_STATUS.APPROVED };
  });
}

/** Sends a submitted update back: the modules to fix (of those it changed) and a message. */
export async function rejectUpdate(deps: AccountDeps, updateId: string, modules: number, message: string, status: number = UPDATE_STATUS.REJECTED): Promise<UpdateRow> {
  const at = new Date(deps.clock.now());
  return deps.db.transaction(async (tx) => {
    const u = await lockedUpdate(tx, updateId);
    if (!u) throw new UpdateRefusal(`no update ${updateId}`);
    if (u.status !== UPDATE_STATUS.SUBMITTED) throw new UpdateRefusal(`update ${updateId} is not submitted (status ${u.status})`);
    if (!isUpdateRejected(status)) throw new UpdateRefusal(`status ${status} is not a rejection (1900, 1901, 1902)`);
    if (!modules || (modules & ~u.module) !== 0) throw new UpdateRefusal(`modules ${modules}: only modules of the update (${u.module}: 8 address, 512 W-8BEN)`);
    const steps = [UPDATE_MODULE.ADDRESS, UPDATE_MODULE.W8].filter((m) => (modules & m) === m).map((m) => (m === UPDATE_MODULE.ADDRESS ? 'address' : 'w8'));
    await tx.query('UPDATE client_updates SET status = $2, reject_module = $3, re_update_module = 0, reject_data = $4::jsonb, decided_at = $5, updated_at = $5 WHERE update_id = $1', [
      updateId,
      status,
      modules,
      JSON.stringify({ message, steps }),
      at,
    ]);
    await audit(tx, { actor: 'ops:update-reject', userId: u.user_id, action: 'account.update.reject', detail: { subAcctId: u.sub_acct_id, updateId, modules, status }, at });
    return { ...u, status, reject_module: modules, re_update_module: 0, reject_data: { message, steps } };
  });
}

/** The broker asks the client to update a module (e.g. a W-8BEN renewal); replaces an earlier request. */
export async function requestUpdate(deps: AccountDeps, subAcctId: string, module: number, message: string): Promise<void> {
  if (module !== UPDATE_MODULE.ADDRESS && module !== UPDATE_MODULE.W8 && module !== (UPDATE_MODULE.ADDRESS | UPDATE_MODULE.W8)) throw new UpdateRefusal(`module ${module}: 8 address, 512 W-8BEN or 520 both`);
  const { rows } = await deps.db.query('SELECT 1 FROM accounts WHERE sub_acct_id = $1', [subAcctId]);
  if (!rows.length) throw new UpdateRefusal(`no account ${subAcctId}`);
  await deps.db.query(
    'INSERT INTO update_notices (sub_acct_id, module, message, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (sub_acct_id) DO UPDATE SET module = EXCLUDED.module, message = EXCLUDED.message, created_at = EXCLUDED.created_at, seen_at = NULL',
    [subAcctId, module, message, new Date(deps.clock.now())],
  );
}
