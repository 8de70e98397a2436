import type { StepContext } from '../step-rules/types';
import { rules as validateBankcard } from './bankcard';
import { validateStep } from '../step-rules';

const ctx: StepContext = { today: '2026-11-21', clientType: 'cn', saved: {}, strict: false };

const good = (over: Record<string, unknown> = {}, bank: Record<string, unknown> = {}) => ({
  bankInfo: { acctNumber: '6222021234567890128', phone: '13812345678', ...bank },
  email: 'zhang.san@qq.com',
  defaultLanguage: 'zhTc',
  statementDeliveryWay: 'email',
  ...over,
});

const issues = (data: Record<string, unknown>) => validateBankcard(data, ctx).map((i) => `${i.field}:${i.rule}`);

test('a complete bank card page passes, through the registry too', () => {
  expect(issues(good())).toEqual([]);
  expect(issues(good({ defaultLanguage: 'en', documentInfo: { bankCard: { ossId: 'card001', ossCategory: 'UserInfo' } } }))).toEqual([]);
  expect(validateStep('BANKCARD', good(), ctx)).toEqual([]);
});

test.each([
  ['1'.repeat(12), null],
  ['1'.repeat(11), 'bankCard'],
  ['1'.repeat(25), null],
  ['1'.repeat(26), 'bankCard'],
  ['6222 0212 3456 7890', 'bankCard'],
  ['', 'required'],
])('card number %s → %s', (acctNumber, rule) => {
  expect(issues(good({}, { acctNumber }))).toEqual(rule ? [`bankInfo.acctNumber:${rule}`] : []);
});

test.each([
  ['13812345678', null],
  ['1381234567', 'phone'],
  ['138123456789', 'phone'],
  ['23812345678', 'phone'],
  ['', 'required'],
])('phone %s → %s', (phone, rule) => {
  expect(issues(good({}, { phone }))).toEqual(rule ? [`bankInfo.phone:${rule}`] : []);
});

test.each([
  [{ email: '' }, ['email:required']],
  [{ email: 'zhang@qq' }, ['email:email']],
  [{ email: `${'a'.repeat(43)}@qq.com` }, []],
  [{ email: `${'a'.repeat(44)}@qq.com` }, ['email:tooLong']],
  [{ defaultLanguage: 'zhCn' }, ['defaultLanguage:choice']],
  [{ defaultLanguage: undefined }, ['defaultLanguage:choice']],
  [{ statementDeliveryWay: 'post' }, ['statementDeliveryWay:choice']],
  [{ documentInfo: { bankCard: { url: 'x' } } }, ['documentInfo.bankCard:fileRequired']],
])('%j → %j', (over, expected) => {
  expect(issues(good(over))).toEqual(expected);
});
