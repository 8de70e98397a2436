/**
 * Upgrading a cash account to margin (issue 13; rules in src/core/domain/margin-upgrade.ts): what the client signs,
 * the request (the trading password verified in this session, every agreement and statement confirmed, one under
 * review at a time), and staff's decision (approved: the account becomes margin; refused with a reason).
 */
import { randomBytes } from 'node:crypto';
import {
  ACCT_TYPE,
  ErrorCode,
  MARGIN_REQUEST_STATUS,
  checkMarginRequest,
  marginAgreements,
  marginUpgradeBlock,
  todayInHongKong,
  type Req,
  type Res,
} from '@core/domain';
import { applicantAge } from '@core/domain/profile';
import type { Db } from '../../db';
import { audit } from '../../db/audit';
import { AppError, OpsInputError } from '../../errors';
import { findById } from '../applications';
import type { AccountRow } from '../accounts';
import { mine, type AccountDeps, type Caller } from '../accounts';
import { requireVerified } from '../trade-password';
import * as repo from './repository';

/** The account holder's age today, from the application that opened the account (unknown for an account brought over). */
async function ageOf(db: Db, a: AccountRow, at: Date): Promise<number | undefined> {
  if (!a.app_id) return undefined;
  const app = await findById(db, a.app_id);
  if (!app) return undefined;
  return applicantAge({ saved: app.data as never, clientType: app.client_type, today: todayInHongKong(at) });
}

const requestView = (r: repo.MarginRow | undefined) =>
  r ? { requestId: r.request_id, status: r.status, message: r.message, createdAt: r.created_at.toISOString(), decidedAt: r.decided_at ? r.decided_at.toISOString() : null } : null;

/** The account holder's age, the latest request and why the account cannot ask now (null: it may). */
async function marginState(db: Db, a: AccountRow, at: Date) {
  const latest = await repo.latestMarginRequest(db, a.sub_acct_id);
  const age = await ageOf(db, a, at);
  const block = marginUpgradeBlock({ acctType: a.acct_type, age, pending: latest?.status === MARGIN_REQUEST_STATUS.PENDING });
  return { latest, age, block };
}

export async function upgradeStatus(deps: AccountDeps, who: Caller, req: Req<'marginUpgradeQuery'>): Promise<Res<'marginUpgradeQuery'>> {
  const a = await mine(deps.db, who.userId, req.subAcctId);
  const { latest, age, block } = await marginState(deps.db, a, new Date(deps.clock.now()));
  return { acctType: a.acct_type, agreements: marginAgreements(age), block, request: requestView(latest) };
}

export async function apply(deps: AccountDeps, who: Caller, req: Req<'marginUpgradeApply'>): Promise<Res<'marginUpgradeApply'>> {
  const at = new Date(deps.clock.now());
  return deps.db.transaction(async (tx) => {
    const a = await mine(tx, who.userId, req.subAcctId, true);
    await requireVerified(tx, who, a.sub_acct_id, at);
    const { age, block } = await marginState(tx, a, at);
    if (block) throw new AppError(ErrorCode.MARGIN_UPGRADE_BLOCKED, { data: { reason: block } });
    const missing = checkMarginRequest(req, age);
    if (missing) throw new AppError(ErrorCode.INVALID_INPUT, { data: { issues: [{ path: missing, message: 'required' }] } });
    const requestId = `MGN${randomBytes(9).toString('base64url')}`;
    await repo.insertMarginRequest(tx, {
      request_id: requestId,
      sub_acct_id: a.sub_acct_id,
      user_id: who.userId,
      status: MARGIN_REQUEST_STATUS.PENDING,
      agreements: [...req.agreements],
      acknowledgements: [...req.acknowledgements],
      created_at: at,
    });
    await audit(tx, { actor: `user:${who.userId}`, userId: who.userId, appId: a.app_id, action: 'account.margin.apply', detail: { subAcctId: a.sub_acct_id, requestId, agreements: req.agreements }, at });
    return { requestId, status: MARGIN_REQUEST_STATUS.PENDING };
  });
}

// ---------------------------------------------------------------- staff (ops)

class MarginRefusal extends OpsInputError {}

/** Staff decide a request under review: approved makes the account margin; refused keeps it cash, with the reason. */
export async function decide(deps: AccountDeps, requestId: string, decision: { approve: true } | { approve: false; message: string }): Promise<repo.MarginRow> {
  const at = new Date(deps.clock.now());
  return deps.db.transaction(async (tx) => {
    const found = await repo.latestMarginRequestById(tx, requestId);
    if (!found) throw new MarginRefusal(`no margin request ${requestId}`);
    // the account first, then the request: the client's calls lock in that order
    await mine(tx, found.user_id, found.sub_acct_id, true);
    const r = (await repo.marginRequestForUpdate(tx, requestId))!;
    if (r.status !== MARGIN_REQUEST_STATUS.PENDING) throw new MarginRefusal(`margin request ${requestId} is not under review (status ${r.status})`);
    const status = decision.approve ? MARGIN_REQUEST_STATUS.APPROVED : MARGIN_REQUEST_STATUS.REFUSED;
    const message = decision.approve ? '' : decision.message;
    await repo.decideMarginRequest(tx, requestId, status, message, at);
    if (decision.approve) await repo.setAccountType(tx, r.sub_acct_id, ACCT_TYPE.MARGIN);
    await audit(tx, { actor: `ops:margin-${decision.approve ? 'approve' : 'refuse'}`, userId: r.user_id, action: `account.margin.${decision.approve ? 'approve' : 'refuse'}`, detail: { subAcctId: r.sub_acct_id, requestId }, at });
    return { ...r, status, message, decided_at: at };
  });
}

export const pending = (deps: AccountDeps, limit: number) => repo.pendingMarginRequests(deps.db, limit);
