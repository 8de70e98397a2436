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
import { shape, text, files, statementsFields, type DataOf } from './schema';
import type { Data, StepSample } from './sample-kit';
import { defineStep } from './define';
import { Rows, txt, filesOf, statementsRows, type Describe } from './words-kit';

/** The step's definition (its light part: steps/index.ts). */
export const meta = defineStep({ name: 'BANKCARD', route: '/bankCard', titleKey: 'bankcard.title', introKey: 'bankcard.intro', status: 1010, progress: { cn: 2, hk: null } });

/** BANKCARD (cn): the bank card, the statements' e-mail, language and delivery. */
export const data = shape({ bankInfo: shape({ acctNumber: text, phone: text }), documentInfo: shape({ bankCard: files }), ...statementsFields });
export type BankCardStep = DataOf<typeof data>;

const is = (ok: boolean, rule: Check): Check => (ok ? null : rule);

export const rules: StepValidator = (data) => {
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

/** How the review desk shows the step's saved data (case-words.ts): its rows. */
export const describe: Describe<BankCardStep> = (s) => {
  const r = new Rows();
  r.row('bankInfo.acctNumber', 'bankcard.acctNumber', txt(s.bankInfo?.acctNumber));
  r.row('bankInfo.phone', 'bankcard.phone', txt(s.bankInfo?.phone));
  r.rowIf('documentInfo.bankCard', 'desk.field.bankCardPhoto', filesOf(s.documentInfo?.bankCard));
  statementsRows(r, s, 'bankcard');
  return r;
};

/** The step as steps/full.ts lists it; its `describe` (the desk's, steps/words.ts) and `sample` (tests' and tools', steps/samples.ts) apart. */
export const definition = { meta, data, rules };

// ------------------------------------------------------------------------------------------- sample

/** A UnionPay-style card number with a valid Luhn digit. */
export const BANK_CARD = '6222021234567890128';

export const bankcardSample = (): Data => ({
  bankInfo: { acctNumber: BANK_CARD, phone: '13812345678' },
  email: 'zhang.san@qq.com',
  defaultLanguage: 'zhTc',
  statementDeliveryWay: 'email',
});

export const sample: StepSample = () => bankcardSample();
