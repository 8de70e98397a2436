/**
 * Automatic currency exchange of a cash account (issue 13): its state and switching it. Every call names one of the
 * caller's sub-accounts (100403 otherwise, as the accounts module's `mine`).
 */
import { AUTO_EXCHANGE_ACTION, AUTO_EXCHANGE_STATUS, ErrorCode, isCashAccount, statusAfter, type Req, type Res } from '@core/domain';
import { audit } from '../../db/audit';
import { AppError } from '../../errors';
import { mine, type AccountDeps } from '../accounts';
import * as repo from './repository';

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
