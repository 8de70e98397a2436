/**
 * BANKCARD service-only rules (after the domain's validateBankcard passed):
 * - the card number carries a valid Luhn (mod 10) check digit, as the numbers of UnionPay debit cards do:
 *   otherwise 150302 "bank card wrong" (the screen shows the bank-card-wrong message);
 * - a scanned card image is the caller's UserInfo file.
 */
import { ErrorCode, at, str } from '@core/domain';
import { AppError } from '../../../errors';
import { filesOfCategory } from './idcard';
import type { StepCheck } from './index';

/** The Luhn (ISO/IEC 7812) check of a digit string. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export const checkBankcard: StepCheck = async ({ tx, userId, data }) => {
  const scanned = at(data, 'documentInfo.bankCard');
  if (scanned !== undefined) {
    const issues = await filesOfCategory(tx, userId, [['documentInfo.bankCard', scanned]], 'UserInfo');
    if (issues.length) return issues;
  }
  if (!luhnValid(str(at(data, 'bankInfo.acctNumber')))) throw new AppError(ErrorCode.BANK_CARD_WRONG);
  return [];
};
