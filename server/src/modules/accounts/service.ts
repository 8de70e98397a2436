/**
 * The account home (issue 13): the client's accounts as UserInfo shows them (also in the login answer) and the
 * user-centre ids of an account (HlInfoBySubId); with `mine`, the check every after-opening module (exchange,
 * trade-password, updates, margin, improve-info, hk-identifier, transfer-in) makes first. Every call names a
 * sub-account: one that is not the caller's, or does not exist, gets the same 100403, so a caller learns nothing
 * about other clients' accounts.
 */
import { ErrorCode, type AccountView, type Req, type Res } from '@core/domain';
import type { Db } from '../../db';
import { AppError } from '../../errors';
import type { Clock } from '../../plugins/context';
import * as repo from './repository';

export interface AccountDeps {
  db: Db;
  clock: Clock;
}

/** Who calls: the user and the session (the trading password is verified per session). */
export interface Caller {
  userId: string;
  sessionHash: string;
}

/** The caller of a route that needs a session (the route's auth made sure of one). */
export const callerOf = (request: { user?: { userId: string; sessionHash: string } | null }): Caller => ({ userId: request.user!.userId, sessionHash: request.user!.sessionHash });

export function toAccountView(a: repo.AccountRow): AccountView {
  return {
    subAcctId: a.sub_acct_id,
    acctType: a.acct_type,
    cltType: a.clt_type,
    nickName: a.nick_name,
    hlId: a.clt_id,
    markets: a.markets,
    source: a.source,
    improveInfoOpen: a.improve_info_open,
    extra: { needSignHKIdentifier: a.need_sign_hk_identifier },
  };
}

export async function accountViews(db: Db, userId: string): Promise<AccountView[]> {
  return (await repo.accountsOfUser(db, userId)).map(toAccountView);
}

/** The caller's account, or 100403 (another client's and an unknown sub-account alike). */
export async function mine(db: Db, userId: string, subAcctId: string, forUpdate = false): Promise<repo.AccountRow> {
  const acct = await repo.ownedAccount(db, userId, subAcctId, forUpdate);
  if (!acct) throw new AppError(ErrorCode.FORBIDDEN);
  return acct;
}

export async function hlInfo(deps: AccountDeps, userId: string, req: Req<'hlInfoBySubId'>): Promise<Res<'hlInfoBySubId'>> {
  const a = await mine(deps.db, userId, req.subAcctId);
  return { uin: a.uin, cltId: a.clt_id, acctId: a.acct_id, subAcctId: a.sub_acct_id };
}
