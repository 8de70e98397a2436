/**
 * BANKCARD service-only rules (after the domain's validateBankcard passed):
 * - a card number of a scheme that mandates the Luhn (mod 10) check digit — UnionPay (62), Visa (4), Mastercard
 *   (5), 16 to 19 digits — must carry a valid one: otherwise 150302 "bank card wrong" (the screen shows the
 *   bank-card-wrong message). Older domestic numbers (e.g. 9xxx passbook-linked cards) follow no public check
 *   digit rule and are not checked;
 * - a scanned card image is the caller's UserInfo file.
 */
import { ErrorCode, at, luhnApplies, luhnValid, str } from '@core/domain';
import { AppError } from '../../../errors';
import { filesOfCategory } from './idcard';
import type { StepCheck } from './index';

export { luhnApplies, luhnValid };

export const checkBankcard: StepCheck = async ({ tx, userId, data }) => {
  const scanned = at(data, 'documentInfo.bankCard');
  if (scanned !== undefined) {
    const issues = await filesOfCategory(tx, userId, [['documentInfo.bankCard', scanned]], 'UserInfo');
    if (issues.length) return issues;
  }
  const number = str(at(data, 'bankInfo.acctNumber'));
  if (luhnApplies(number) && !luhnValid(number)) throw new AppError(ErrorCode.BANK_CARD_WRONG);
  return [];
};
