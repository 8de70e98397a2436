/**
 * Stock transfer-in (issue 13): the client's requests to receive Hong Kong shares from another broker into their
 * opened account, and staff's decisions on them. A request needs the caller's own application (151301 otherwise) and
 * account (100403 for another client's or an unknown one alike), the account opened and the asset-transfer agreement
 * signed (152101; 152102 when transfer-in is not available at all), the domain's rules (100400 with the issues) and
 * fewer than MAX_OPEN_TRANSFER_INS requests in progress (152103). Every status a request takes is kept
 * (transfer_in_events) and the application's stockStatus follows its latest request through changeApplication (an
 * application_events row and the audit entry in the same transaction).
 */
import { randomBytes } from 'node:crypto';
import {
  ErrorCode,
  MAX_OPEN_TRANSFER_INS,
  STOCK_STATUS,
  canMoveTransferIn,
  maskPhone,
  normalizeTransferIn,
  transferInAvailability,
  transferInIssues,
  transferInNeedsMessage,
  type Req,
  type Res,
  type TransferInInput,
  type TransferInView,
} from '@core/domain';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { AppError, OpsInputError } from '../../errors';
import type { Clock } from '../../plugins/context';
import { mine } from '../accounts';
import * as apps from '../applications';
import { ownedActive } from '../applications';
import { changeApplication } from '../applications';
import { toView } from '../applications';
import { protocolStatusOf } from '../closing';
import * as repo from './repository';

export interface TransferInDeps {
  config: Config;
  db: Db;
  clock: Clock;
}

function toTransferInView(r: repo.TransferInRow, events: repo.TransferInEventRow[]): TransferInView {
  return {
    requestId: r.request_id,
    status: r.status,
    broker: r.broker_code,
    brokerName: r.broker_name,
    ccassId: r.ccass_id,
    brokerAccount: r.broker_account,
    subAcctId: r.sub_acct_id,
    stocks: r.stocks,
    message: r.message,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
    history: events.filter((e) => e.request_id === r.request_id).map((e) => ({ status: e.status, at: new Date(e.at).toISOString(), message: e.message })),
  };
}

async function views(db: Db, rows: repo.TransferInRow[]): Promise<TransferInView[]> {
  const events = await repo.eventsOf(db, rows.map((r) => r.request_id));
  return rows.map((r) => toTransferInView(r, events));
}

/** The caller's application's requests, newest first, with their histories. */
export async function list(deps: TransferInDeps, userId: string, req: Req<'transferInList'>): Promise<Res<'transferInList'>> {
  const row = await ownedActive(deps.db, userId, req.applyId);
  return { items: await views(deps.db, await repo.requestsOfApp(deps.db, row.app_id)) };
}

export async function apply(deps: TransferInDeps, userId: string, req: Req<'transferInApply'>): Promise<Res<'transferInApply'>> {
  const at = new Date(deps.clock.now());
  return deps.db.transaction(async (tx) => {
    const row = await ownedActive(tx, userId, req.applyId);
    const acct = await mine(tx, userId, req.subAcctId);
    const availability = transferInAvailability({ applyStatus: row.apply_status, clientStatus: row.client_status, subAcctId: row.sub_acct_id }, protocolStatusOf(row, deps.config));
    if (availability === 'unsigned') throw new AppError(ErrorCode.ASSET_TRANSFER_UNSIGNED);
    if (availability !== 'ready') throw new AppError(ErrorCode.TRANSFER_IN_UNAVAILABLE, { data: { reason: availability } });
    const issues = transferInIssues(req).map((i) => ({ path: i.field, message: i.rule }));
    if (issues.length) throw new AppError(ErrorCode.INVALID_INPUT, { data: { issues } });
    if ((await repo.openCount(tx, row.app_id)) >= MAX_OPEN_TRANSFER_INS) throw new AppError(ErrorCode.TRANSFER_IN_TOO_MANY, { data: { max: MAX_OPEN_TRANSFER_INS } });

    const input = normalizeTransferIn(req as TransferInInput);
    const requestId = randomBytes(15).toString('base64url');
    await repo.insertRequest(tx, {
      request_id: requestId,
      user_id: userId,
      app_id: row.app_id,
      sub_acct_id: acct.sub_acct_id,
      broker_code: input.broker,
      broker_name: input.brokerName ?? null,
      ccass_id: input.ccassId ?? null,
      broker_account: input.brokerAccount,
      stocks: input.stocks,
      status: STOCK_STATUS.REQUESTED,
      created_at: at,
    });
    const actor = `user:${userId}`;
    await repo.insertEvent(tx, { request_id: requestId, at, actor, status: STOCK_STATUS.REQUESTED, message: null });
    const updated = await changeApplication(tx, row, {
      actor,
      kind: 'stock',
      change: { stock_status: STOCK_STATUS.REQUESTED },
      detail: { requestId, stockStatus: STOCK_STATUS.REQUESTED, fromStockStatus: row.stock_status, stocks: input.stocks.length },
      auditAction: 'transferIn.apply',
      at,
    });
    const saved = await repo.findRequest(tx, requestId);
    return { request: toTransferInView(saved!, [{ request_id: requestId, at, actor, status: STOCK_STATUS.REQUESTED, message: null }]), application: toView(updated) };
  });
}

// ------------------------------------------------------------------------------------------- staff

export interface TransferInSummary {
  requestId: string;
  appId: string;
  subAcctId: string;
  phone: string;
  broker: number;
  brokerName: string | null;
  ccassId: string | null;
  brokerAccount: string;
  stocks: { market: string; code: string; quantity: number }[];
  status: number;
  message: string | null;
  createdAt: string;
  updatedAt: string;
}

async function summaryOf(db: Db, r: repo.TransferInRow): Promise<TransferInSummary> {
  const phone = await apps.userPhone(db, r.user_id);
  return {
    requestId: r.request_id,
    appId: r.app_id,
    subAcctId: r.sub_acct_id,
    phone: phone ? `+${phone.area_code} ${maskPhone(phone.phone)}` : '',
    broker: r.broker_code,
    brokerName: r.broker_name,
    ccassId: r.ccass_id,
    brokerAccount: r.broker_account,
    stocks: r.stocks,
    status: r.status,
    message: r.message,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

/** Staff's list: the requests of these statuses (all when null), oldest change first. */
export async function listForStaff(deps: { db: Db }, statuses: readonly number[] | null, limit: number): Promise<TransferInSummary[]> {
  const rows = await repo.listRequests(deps.db, statuses, limit);
  const out: TransferInSummary[] = [];
  for (const r of rows) out.push(await summaryOf(deps.db, r));
  return out;
}

/**
 * Staff move a request (`ops transfer-in-status`): only along the domain's transitions, a failure or refusal with the
 * message the client reads. The application is locked first (the client's filing takes the same order), then the
 * request; the application's stockStatus becomes the status of its latest request.
 */
export async function decide(deps: TransferInDeps, requestId: string, status: number, message: string | null): Promise<TransferInSummary> {
  const at = new Date(deps.clock.now());
  return deps.db.transaction(async (tx) => {
    const found = await repo.findRequest(tx, requestId);
    if (!found) throw new OpsInputError(`no transfer-in request ${requestId}`);
    const row = await apps.findById(tx, found.app_id, true);
    if (!row) throw new OpsInputError(`no application ${found.app_id}`);
    const r = (await repo.findRequest(tx, requestId, true))!;
    if (!canMoveTransferIn(r.status, status)) throw new OpsInputError(`request ${requestId} is ${r.status}: it cannot move to ${status} (1 → 3, 5, 2, 4; 3 → 5, 2, 4; 2, 4 and 5 are final)`);
    const text = message?.trim() || null;
    if (transferInNeedsMessage(status) && !text) throw new OpsInputError(`status ${status} needs --message "…" (the client reads why)`);
    await repo.setStatus(tx, requestId, status, text, at);
    const actor = 'ops:transfer-in-status';
    await repo.insertEvent(tx, { request_id: requestId, at, actor, status, message: text });
    const latest = (await repo.latestOfApp(tx, r.app_id))!;
    await changeApplication(tx, row, {
      actor,
      kind: 'stock',
      change: { stock_status: latest.status },
      detail: { requestId, requestStatus: status, stockStatus: latest.status, fromStockStatus: row.stock_status, ...(text ? { message: text } : {}) },
      auditAction: 'ops.transfer-in-status',
      at,
    });
    return summaryOf(tx, (await repo.findRequest(tx, requestId))!);
  });
}
