/**
 * The deposit bridge's service side: the broker's receiving accounts per currency (DEPOSIT_ACCOUNTS) with the
 * minimum single deposit, and the applicant's deposit notice — only for their own submitted or opened application,
 * with a proof file of theirs; it moves cashInStatus to confirming (2010) with an event.
 */
import { randomBytes } from 'node:crypto';
import { APPLY_STATUS, CASH_IN_STATUS, ErrorCode, MIN_DEPOSIT_HKD, isRejected, type Req, type Res } from '@core/domain';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { AppError } from '../../errors';
import type { Clock } from '../../plugins/context';
import { ownedActive } from '../applications';
import { changeApplication } from '../applications';
import { toView } from '../applications';
import { findOwnedFile, linkFileIfUnlinked } from '../files';
import { insertDepositNotice } from './repository';

export interface DepositDeps {
  config: Config;
  db: Db;
  clock: Clock;
}

export function info(config: Config): Res<'depositInfo'> {
  return { minimumHkd: MIN_DEPOSIT_HKD, accounts: config.depositAccounts };
}

export async function notice(deps: DepositDeps, userId: string, req: Req<'depositNotice'>): Promise<Res<'depositNotice'>> {
  const at = new Date(deps.clock.now());
  return deps.db.transaction(async (tx) => {
    const row = await ownedActive(tx, userId, req.appId);
    // a deposit is taken once the application is submitted (not while it is being filled in or sent back)
    if (row.apply_status < APPLY_STATUS.SUBMITTED || isRejected(row.apply_status) || row.apply_status === APPLY_STATUS.CLOSED) {
      throw new AppError(ErrorCode.APPLICATION_LOCKED);
    }
    const proof = await findOwnedFile(tx, userId, req.proof.ossId);
    if (!proof) throw new AppError(ErrorCode.FORBIDDEN);
    const id = randomBytes(12).toString('base64url');
    await insertDepositNotice(tx, { id, appId: row.app_id, userId, amount: req.amount, currency: req.currency, payingBank: req.payingBank, proofOssId: proof.oss_id, at });
    await linkFileIfUnlinked(tx, proof.oss_id, row.app_id);
    const updated = await changeApplication(tx, row, {
      actor: `user:${userId}`,
      kind: 'deposit',
      change: { cash_in_status: CASH_IN_STATUS.CONFIRMING, cash_in_data: null },
      detail: { noticeId: id, currency: req.currency, amount: req.amount },
      auditAction: 'deposit.notice',
      at,
    });
    return { noticeId: id, application: toView(updated) };
  });
}
