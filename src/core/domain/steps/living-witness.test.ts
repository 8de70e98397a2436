import type { StepContext } from '../step-rules/types';
import { rules as validateLivingWitness } from './living-witness';
import { validateStep } from '../step-rules';

const ctx: StepContext = { today: '2026-11-21', clientType: 'cn', saved: {}, strict: false };

const good = (over: Record<string, unknown> = {}, picture: Record<string, unknown> = {}) => ({
  livingBodyVerifyId: 12345,
  documentInfo: { livingBodyCertificationPicture: { ossId: 'face0001', description: 'living body', ...picture } },
  ...over,
});

const issues = (data: Record<string, unknown>) => validateLivingWitness(data, ctx).map((i) => `${i.field}:${i.rule}`);

test('a complete liveness result passes, through the registry too', () => {
  expect(issues(good())).toEqual([]);
  expect(issues(good({}, { ossCategory: 'UserApply', url: '/x' }))).toEqual([]);
  expect(validateStep('LIVINGWITNESS', good(), ctx)).toEqual([]);
  expect(validateStep('LIVINGWITNESS', {}, ctx).length).toBeGreaterThan(0);
});

test.each([
  [1, null],
  [Number.MAX_SAFE_INTEGER, null],
  [0, 'format'],
  [-3, 'format'],
  [1.5, 'format'],
  ['12345', 'format'],
  [Number.MAX_SAFE_INTEGER + 1, 'format'],
  [undefined, 'required'],
  [null, 'required'],
  ['', 'required'],
])('livingBodyVerifyId %p → %p', (id, rule) => {
  expect(issues(good({ livingBodyVerifyId: id }))).toEqual(rule ? [`livingBodyVerifyId:${rule}`] : []);
});

test.each([
  ['no picture', { documentInfo: {} }, 'documentInfo.livingBodyCertificationPicture:fileRequired'],
  ['no documentInfo', { documentInfo: undefined }, 'documentInfo.livingBodyCertificationPicture:fileRequired'],
  ['a bad ossId', { documentInfo: { livingBodyCertificationPicture: { ossId: 'a b' } } }, 'documentInfo.livingBodyCertificationPicture:fileRequired'],
  ['a list instead of one', { documentInfo: { livingBodyCertificationPicture: [{ ossId: 'face0001' }] } }, 'documentInfo.livingBodyCertificationPicture:fileRequired'],
  ['an identity-image category', { documentInfo: { livingBodyCertificationPicture: { ossId: 'face0001', ossCategory: 'UserInfo' } } }, 'documentInfo.livingBodyCertificationPicture:choice'],
  ['an unknown key in the picture', { documentInfo: { livingBodyCertificationPicture: { ossId: 'face0001', score: 99 } } }, 'documentInfo.livingBodyCertificationPicture:choice'],
  ['a description over 200', { documentInfo: { livingBodyCertificationPicture: { ossId: 'face0001', description: 'x'.repeat(201) } } }, 'documentInfo.livingBodyCertificationPicture:tooLong'],
  ['another document', { documentInfo: { livingBodyCertificationPicture: { ossId: 'face0001' }, idCard: { ossId: 'face0002' } } }, 'documentInfo:choice'],
  ['an unknown key', { score: 0.99 }, 'score:choice'],
])('%s is refused', (_name, over, issue) => {
  expect(issues(good(over))).toEqual([issue]);
});

test('a description of exactly 200 passes', () => {
  expect(issues(good({}, { description: 'x'.repeat(200) }))).toEqual([]);
});
