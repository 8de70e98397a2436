/**
 * BANKCARD (mainland bank card, cn step 2 of 5; spec part 1 §5 "Bank card"): card number (digits, 12-25),
 * the bank's reserved phone (mainland mobile), e-mail, statement language, delivery by e-mail, and the
 * scanned card image when the number was scanned. The service adds the card-number check digit (150302)
 * in server/src/modules/applications/step-checks/bankcard.ts.
 */
import { STATEMENT_LANGS, type StatementLang } from '../countries';
import { checkBankCard, checkEmail, checkPhone, normaliseEmail, type Check } from '../identity';
import { isFileRef } from '../uploads';
import { at, issuesOf, type StepValidator } from '../step-rules/types';

const is = (ok: boolean, rule: Check): Check => (ok ? null : rule);

export const validateBankcard: StepValidator = (data) => {
  const email = data.email;
  const scanned = at(data, 'documentInfo.bankCard');
  return issuesOf([
    ['bankInfo.acctNumber', checkBankCard(at(data, 'bankInfo.acctNumber'))],
    ['bankInfo.phone', checkPhone(at(data, 'bankInfo.phone'))],
    ['email', checkEmail(email) ?? is(typeof email === 'string' && normaliseEmail(email) === email, 'email')],
    ['defaultLanguage', is(STATEMENT_LANGS.includes(data.defaultLanguage as StatementLang), 'choice')],
    ['statementDeliveryWay', is(data.statementDeliveryWay === 'email', 'choice')],
    ['documentInfo.bankCard', scanned === undefined ? null : is(isFileRef(scanned), 'fileRequired')],
  ]);
};
