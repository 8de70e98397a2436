/**
 * KYC retention (issue 38): what the erasure (`ops erase-expired`) may erase and what must be kept. The service and
 * its tests use these rules; the periods come from the settings KYC_RETENTION_YEARS and KYC_DRAFT_DAYS.
 *
 * - An opened client's records are never erased here: the record-keeping period runs from the end of the business
 *   relationship (AMLO Schedule 2 s.20: at least 5 years), which the broker's back office records, not this service.
 * - An application under review or sent back for correction (submitted once) is kept: it is a live case.
 * - A closed application (5000, never opened) is erased once the retention period has passed since its closing.
 * - A draft (never submitted, never opened) is erased when untouched for the draft period: no customer due diligence
 *   was completed on it, so nothing a regulation asks to keep; unless its AML screening hit a watch list (a possible
 *   suspicious-transaction report: kept for staff, as a closed application would be).
 */
import { APPLY_STATUS, CLIENT_STATUS, SUBMITTED_THRESHOLD } from './status';

export const RETENTION = {
  /** KYC_RETENTION_YEARS' default and its least value (the regulation's minimum) */
  kycYearsDefault: 7,
  kycYearsMin: 5,
  /** KYC_DRAFT_DAYS' default */
  draftDaysDefault: 90,
  /** login codes (and the SMS log) are kept this long after sending: the daily send limits count them */
  loginCodeDays: 2,
} as const;

const DAY_MS = 24 * 3600_000;

/** `at` plus whole years, on the calendar in UTC (29 February to 28 February / 1 March as Date does): no time zone involved. */
function plusYears(at: Date, years: number): Date {
  const d = new Date(at.getTime());
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d;
}

export type ErasureReason = 'draft-abandoned' | 'closed-past-retention';

export interface RetentionSettings {
  kycYears: number;
  draftDays: number;
}

export interface RetentionFacts {
  applyStatus: number;
  clientStatus: number;
  subAcctId: string | null;
  submittedAt: Date | null;
  /** the last change of the application */
  updatedAt: Date;
  /** when it was closed (its close event), null when never */
  closedAt: Date | null;
  /** the applicant holds an opened account (by this or another application) */
  userOpened: boolean;
  /** an AML screening of this application hit the watch list */
  amlHit: boolean;
}

/** Why an application may be erased now, or null when it must be kept. */
export function erasureReason(a: RetentionFacts, now: Date, s: RetentionSettings): ErasureReason | null {
  if (a.userOpened || a.subAcctId || a.clientStatus === CLIENT_STATUS.SUCCESS || a.applyStatus === APPLY_STATUS.SUCCESS) return null;
  if (a.applyStatus === APPLY_STATUS.CLOSED) {
    const closed = a.closedAt ?? a.updatedAt;
    return plusYears(closed, s.kycYears).getTime() <= now.getTime() ? 'closed-past-retention' : null;
  }
  if (a.submittedAt === null && a.applyStatus < SUBMITTED_THRESHOLD && !a.amlHit) {
    return a.updatedAt.getTime() + s.draftDays * DAY_MS <= now.getTime() ? 'draft-abandoned' : null;
  }
  return null;
}
