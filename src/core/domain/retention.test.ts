import { erasureReason, type RetentionFacts } from './retention';

const rule = { kycYears: 7, draftDays: 90 };
const at = (iso: string) => new Date(iso);
const draft: RetentionFacts = {
  applyStatus: 1000,
  clientStatus: 33,
  subAcctId: null,
  submittedAt: null,
  updatedAt: at('2030-01-01T00:00:00Z'),
  closedAt: null,
  userOpened: false,
  amlHit: false,
};
const closed: RetentionFacts = { ...draft, applyStatus: 5000, submittedAt: at('2029-12-01T00:00:00Z'), closedAt: at('2030-01-01T00:00:00Z'), updatedAt: at('2030-02-01T00:00:00Z') };

describe('erasureReason', () => {
  test.each([
    ['a draft untouched exactly the draft period', draft, '2030-04-01T00:00:00Z', 'draft-abandoned'],
    ['a draft a minute short of it', draft, '2030-03-31T23:59:00Z', null],
    ['a draft whose AML screening hit the watch list', { ...draft, amlHit: true }, '2040-01-01T00:00:00Z', null],
    ['a draft of a client opened by another application', { ...draft, userOpened: true }, '2040-01-01T00:00:00Z', null],
    ['a closed application 7 years after its closing', closed, '2037-01-01T00:00:00Z', 'closed-past-retention'],
    ['a closed application a day short of 7 years', closed, '2036-12-31T00:00:00Z', null],
    ['a closed application without a close event: from its last change', { ...closed, closedAt: null }, '2037-01-15T00:00:00Z', null],
    ['an opened application, however old', { ...closed, applyStatus: 4000, subAcctId: 'S12345678', clientStatus: 31 }, '2090-01-01T00:00:00Z', null],
    ['an application under review, however old', { ...draft, applyStatus: 1200, submittedAt: at('2030-01-01T00:00:00Z') }, '2090-01-01T00:00:00Z', null],
    ['an application sent back for correction and left', { ...draft, applyStatus: 1900, submittedAt: at('2030-01-01T00:00:00Z') }, '2090-01-01T00:00:00Z', null],
  ] as const)('%s', (_what, facts, now, expected) => {
    expect(erasureReason(facts, at(now), rule)).toBe(expected);
  });
});
