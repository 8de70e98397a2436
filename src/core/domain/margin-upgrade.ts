/**
 * Upgrading a cash account to margin after opening (spec part 3 §2 "Account home": "upgrade to margin, cash accounts
 * only"; the rest is ours, as Hong Kong brokers do it): the client reads the margin agreements, confirms three
 * statements about the risks, and asks; staff approve (the account becomes margin) or refuse with a reason. Pure.
 */
import type { Agreement } from './closing';
import { ACCOUNT_TYPE, isSenior, SENIOR_AGE } from './profile';
import type { FieldIssue } from './step-rules/types';

/** A request's status: 1 under review, 2 approved (the account is margin), 3 refused (the client may ask again). */
export const MARGIN_REQUEST_STATUS = { PENDING: 1, APPROVED: 2, REFUSED: 3 } as const;
export type MarginRequestStatus = (typeof MARGIN_REQUEST_STATUS)[keyof typeof MARGIN_REQUEST_STATUS];

/** Above this age a margin account is not offered online (the client is asked to call). */
export const MARGIN_MAX_AGE = SENIOR_AGE.to;

/** What the client confirms having understood before asking: each a box to tick. */
export const MARGIN_ACKNOWLEDGEMENTS = ['lossBeyondDeposit', 'marginCall', 'interest'] as const;
export type MarginAcknowledgement = (typeof MARGIN_ACKNOWLEDGEMENTS)[number];

/** The agreements a margin upgrade signs: the margin standing authority, and for ages 65-75 the special-client disclosure. */
export function marginAgreements(age: number | undefined): Agreement[] {
  return isSenior(age) ? ['marginStandingAuthority', 'specialClientDisclosure'] : ['marginStandingAuthority'];
}

/**
 * Why a client cannot ask now, or null: 'margin' already a margin account; 'pending' a request is under review;
 * 'age' older than MARGIN_MAX_AGE.
 */
export function marginUpgradeBlock(o: { acctType: number; age: number | undefined; pending: boolean }): 'margin' | 'pending' | 'age' | null {
  if (o.acctType !== ACCOUNT_TYPE.CASH) return 'margin';
  if (o.pending) return 'pending';
  if (o.age !== undefined && o.age > MARGIN_MAX_AGE) return 'age';
  return null;
}

/** The request is complete: every agreement of the client and every statement confirmed, nothing else. */
export function checkMarginRequest(req: { agreements: readonly string[]; acknowledgements: readonly string[] }, age: number | undefined): 'agreements' | 'acknowledgements' | null {
  const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();
  if (!same(req.agreements, marginAgreements(age))) return 'agreements';
  if (!same(req.acknowledgements, MARGIN_ACKNOWLEDGEMENTS)) return 'acknowledgements';
  return null;
}

/** The boxes of the upgrade form: each statement, and "I have read and agree to the agreements". */
export type MarginBoxes = Readonly<Record<MarginAcknowledgement | 'agreements', boolean>>;

/** Each box of the form not ticked (the page marks them; checkMarginRequest is the service's check of the request). */
export function marginBoxIssues(boxes: MarginBoxes): FieldIssue[] {
  return [...MARGIN_ACKNOWLEDGEMENTS, 'agreements' as const].filter((k) => !boxes[k]).map((field) => ({ field, rule: 'mustTick' }));
}
