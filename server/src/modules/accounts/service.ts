/**
 * After opening (issue 13): the client's accounts as UserInfo shows them, the user-centre ids of an account
 * (HlInfoBySubId) and automatic currency exchange. Every call names a sub-account: one that is not the caller's, or
 * does not exist, gets the same 100403, so a caller learns nothing about other clients' accounts.
 */
import { AUTO_EXCHANGE_ACTION, ErrorCode, isCashAccount, statusAfter, AUTO_EXCHANGE_STATUS, type AccountView, type Req, type Res } from '@core/domain';
import type { Db } from '../../db';
import { audit } from '../../db/audit';
import { AppError } from '../../errors';
import type { Clock } from '../../plugins/context';
import * as repo from './repository';

export interface AccountDeps {
  db: Db;
  clock: Clock;
}

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

export async function autoExchangeQuery(deps: AccountDeps, userId: string, req: Req<'autoExchangeQuery'>): Promise<Res<'autoExchangeQuery'>> {
  const a = await mine(deps.db, userId, req.subAccountId);
  if (!isCashAccount(a.acct_type)) throw new AppError(ErrorCode.NOT_CASH_ACCOUNT);
  return { status: a.auto_exchange ? AUTO_EXCHANGE_STATUS.ON : AUTO_EXCHANGE_STATUS.OFF };
}

/**
 * Switches automatic currency exchange of one of the caller's cash accounts. The client, user-centre and account ids
 * must be that account's (as HlInfoBySubId gave them); a change to the state the account is already in succeeds and
 * writes nothing.
 */
export async function autoExchangeChange(deps: AccountDeps, userId: string, req: Req<'autoExchangeChange'>): Promise<Res<'autoExchangeChange'>> {
  const at = new Date(deps.clock.now());
  return deps.db.transaction(async (tx) => {
    const a = await mine(tx, userId, req.subAccountId, true);
    if (a.clt_id !== req.clientId || a.uin !== req.uin || a.acct_id !== req.accountId) throw new AppError(ErrorCode.FORBIDDEN);
    if (!isCashAccount(a.acct_type)) throw new AppError(ErrorCode.NOT_CASH_ACCOUNT);
    const on = req.action === AUTO_EXCHANGE_ACTION.ENABLE;
    if (a.auto_exchange !== on) {
      await repo.setAutoExchange(tx, a.sub_acct_id, on, at);
      await audit(tx, { actor: `user:${userId}`, userId, appId: a.app_id, action: on ? 'account.autoExchange.on' : 'account.autoExchange.off', detail: { subAcctId: a.sub_acct_id }, at });
    }
    return { status: statusAfter(req.action) };
  });
}
