import { signerIdKindOf } from './org-sign-signer';
import { currentSignStep, idPhotoIsRead, nothingToSign, normaliseSignIdNumber, requiredSignSteps, signDocIssues, signIdNumberIssues, signStepProgress, signVerifyIssues, type OrgSignStatuses, type SignStepStatus } from './org-sign';

const s = (caStatus: SignStepStatus, obResFileStatus: SignStepStatus, signatureStatus: SignStepStatus): OrgSignStatuses => ({ caStatus, obResFileStatus, signatureStatus });

describe('organisation signing steps', () => {
  test.each([
    ['all three needed: verify first', s(2, 2, 2), 'verify', ['verify', 'doc', 'sign']],
    ['verify done, doc needed', s(3, 2, 2), 'doc', ['verify', 'doc', 'sign']],
    ['verify and doc done: sign', s(3, 3, 2), 'sign', ['verify', 'doc', 'sign']],
    ['everything done: result', s(3, 3, 3), 'result', ['verify', 'doc', 'sign']],
    ['the certificate failed: back to verify', s(4, 3, 2), 'verify', ['verify', 'doc', 'sign']],
    ['a failed sign after success elsewhere: sign', s(3, 3, 4), 'sign', ['verify', 'doc', 'sign']],
    ['only sign asked', s(1, 1, 2), 'sign', ['sign']],
    ['only doc asked, done', s(1, 3, 1), 'result', ['doc']],
    ['nothing asked: result', s(1, 1, 1), 'result', []],
    ['a later failed step before an earlier needed one is not skipped: first in order wins', s(1, 2, 4), 'doc', ['doc', 'sign']],
    ['verify not needed, doc failed', s(1, 4, 2), 'doc', ['doc', 'sign']],
  ] as const)('%s', (_, statuses, step, required) => {
    expect(currentSignStep(statuses)).toBe(step);
    expect(requiredSignSteps(statuses)).toEqual(required);
  });

  test.each([
    [s(1, 1, 1), true],
    [s(3, 1, 1), false],
    [s(1, 1, 4), false],
  ] as const)('nothing to sign for %j: %s', (statuses, expected) => expect(nothingToSign(statuses)).toBe(expected));

  test.each([
    [s(2, 2, 2), 'doc', { index: 2, total: 3 }],
    [s(1, 2, 2), 'doc', { index: 1, total: 2 }],
    [s(1, 2, 2), 'verify', null],
    [s(1, 1, 2), 'sign', { index: 1, total: 1 }],
  ] as const)('progress of %j at %s', (statuses, step, expected) => expect(signStepProgress(statuses, step)).toEqual(expected));

  test.each([
    ['K123456(7)', 'K1234567'],
    [' k123 4567 ', 'K1234567'],
    ['44030519900307001x', '44030519900307001X'],
    ['Ｋ１２３４５６７', 'K1234567'],
    ['K12', null],
    ['K123-4567', null],
    ['', null],
    ['A'.repeat(31), null],
  ] as const)('the ID number %j compares as %j', (raw, expected) => expect(normaliseSignIdNumber(raw)).toBe(expected));

  test.each([
    ['a mainland card number', '11010519491231002X', 'cnId'],
    ['the same with a lower-case x', '11010519491231002x', 'cnId'],
    ['a wrong check digit', '110105194912310021', 'other'],
    ['an unknown province', '99010519491231002X', 'other'],
    ['a birth date after today', '110105203012310027', 'other'],
    ['an HKID', 'K1234567', 'other'],
    ['a passport number', 'E12345678', 'other'],
  ] as const)("the signer's document for %s (%s): %s", (_what, number, kind) => {
    expect(signerIdKindOf(number, '2026-11-26')).toBe(kind);
    expect(idPhotoIsRead(kind)).toBe(kind === 'cnId');
  });
});

test.each([
  ['', [{ field: 'idNumber', rule: 'required' }]],
  ['  ', [{ field: 'idNumber', rule: 'required' }]],
  ['K12', [{ field: 'idNumber', rule: 'format' }]],
  ['k123456(7)', []],
] as const)('the start form marks the ID number %j with %j', (idNumber, issues) => expect(signIdNumberIssues({ idNumber })).toEqual(issues));

test.each([
  ['the number refused, as typed', 'K1234567', 'K1234567', [{ field: 'idNumber', rule: 'format' }]],
  ['another number than the one refused', 'K7654321', 'K1234567', []],
  ['nothing refused yet', 'K1234567', null, []],
  ['empty, after a refusal', '', 'K1234567', [{ field: 'idNumber', rule: 'required' }]],
] as const)('the start form after the service refused a number: %s', (_what, idNumber, refused, issues) =>
  expect(signIdNumberIssues({ idNumber, refused })).toEqual(issues),
);

test.each([
  ['nothing uploaded', [], [{ field: 'uploads', rule: 'fileRequired' }]],
  ['one document', [{ fileId: 'f1' }], []],
  ['two documents', [{ fileId: 'f1' }, { fileId: 'f2' }], []],
] as const)('the doc step with %s', (_what, uploads, issues) => expect(signDocIssues({ uploads })).toEqual(issues));

test.each([
  ['no photo, not confirmed', 'missing', false, ['idPhoto:required', 'confirm:mustTick']],
  ['a photo being read, confirmed', 'reading', true, []],
  ['a refused photo', 'refused', true, ['idPhoto:cnIdMismatch']],
  ['an accepted photo, not confirmed', 'accepted', false, ['confirm:mustTick']],
  ['an accepted photo, confirmed', 'accepted', true, []],
] as const)('the verify step with %s', (_what, photo, confirm, issues) => expect(signVerifyIssues({ photo, confirm }).map((i) => `${i.field}:${i.rule}`)).toEqual(issues));
