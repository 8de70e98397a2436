/**
 * What the result pages show (spec part 3 §4 "Result screen", "HK account status page"): the view of the mainland
 * page (/openStatus), the open, deposit and stock statuses of the Hong Kong page (/AccountStatus), their titles and
 * the lines they add. The service's statuses come in; the screens only render what these return.
 */
import { isMargin, isSenior } from './profile';
import { APPLY_STATUS, CASH_IN_STATUS, CLIENT_STATUS, STOCK_STATUS, effectiveApplyStatus, isRejected, isStockFailure, isUnderReview } from './status';
import type { FieldIssue } from './step-rules/types';

export interface ResultApp {
  applyStatus: number;
  clientStatus: number;
  cashInStatus: number | null;
  stockStatus: number | null;
  fromPage: string | null;
  clientInfo?: { accts: readonly { subAcctId: string }[] };
}

/** Sources of applications keyed in offline (by staff): their approving title says "submitted", and no funds line. */
export const OFFLINE_SOURCES: readonly string[] = ['15', '16'];
export const isOfflineSource = (source: string | null | undefined): boolean => !!source && OFFLINE_SOURCES.includes(source);

/** The approving view's title: "materials submitted" for offline sources, "materials under review" otherwise. */
export const approvingTitleKey = (source: string | null | undefined): 'submitted' | 'reviewing' => (isOfflineSource(source) ? 'submitted' : 'reviewing');

/** The approving view's subtitle: the 65-75 notice on a margin account, else the 1-2 working days. */
export function approvingNoteKey(accountType: unknown, age: number | undefined): 'seniorMargin' | 'workingDays' {
  return isMargin(accountType) && isSenior(age) ? 'seniorMargin' : 'workingDays';
}

/**
 * The funds line of client status 33 (not for offline sources): the transfer confirmation when a stock transfer is
 * under way, the funds confirmation when a deposit is being confirmed; none otherwise.
 */
export function fundsLineKey(app: ResultApp): 'transferConfirming' | 'fundsConfirming' | null {
  if (app.clientStatus !== CLIENT_STATUS.STARTED || isOfflineSource(app.fromPage)) return null;
  if (app.stockStatus === STOCK_STATUS.REQUESTED || app.stockStatus === STOCK_STATUS.CONFIRMING) return 'transferConfirming';
  if (app.cashInStatus !== null && depositStatusOf(app.cashInStatus) === DEPOSIT_STATUS.CONFIRMING) return 'fundsConfirming';
  return null;
}

// ------------------------------------------------------------------------------------------- the headline

/**
 * Where an application stands, for the headline of both status pages (issue 25): under review; approved (or opened)
 * and waiting for the first deposit; opened (approved and funded); sent back for correction; failed (closed by the
 * broker). A status that matches none of these (not submitted yet) is the mainland page's default, correction (spec
 * part 3 §4 "Result screen"), and the Hong Kong page's, under review (its open status 1).
 */
export type ApplicationState = 'reviewing' | 'awaitingDeposit' | 'opened' | 'correction' | 'failed';

export interface HeadlineApp extends ResultApp {
  clientType: 'cn' | 'hk';
}

/** Funded: the deposit is done (2000) or a stock transfer-in arrived. */
export const isFunded = (app: Pick<ResultApp, 'cashInStatus' | 'stockStatus'>): boolean =>
  app.cashInStatus === CASH_IN_STATUS.DONE || app.stockStatus === STOCK_STATUS.DONE;

export function applicationState(app: HeadlineApp): ApplicationState {
  const s = effectiveApplyStatus(app.applyStatus, app.clientStatus, app.clientInfo?.accts[0]?.subAcctId);
  if (s === APPLY_STATUS.SUCCESS || s === APPLY_STATUS.APPROVED) return isFunded(app) ? 'opened' : 'awaitingDeposit';
  if (isRejected(s)) return 'correction';
  if (s === APPLY_STATUS.CLOSED) return 'failed';
  if (isUnderReview(s)) return 'reviewing';
  return app.clientType === 'cn' ? 'correction' : 'reviewing';
}

export type HeadlineTitle = 'reviewing' | 'submitted' | 'awaitingDeposit' | 'opened' | 'correction' | 'failed';
export type HeadlineSub = 'workingDays' | 'seniorMargin' | 'toDeposit' | 'depositConfirming' | 'depositFix' | 'funded' | 'correction' | 'failed';

export interface StatusHeadline {
  state: ApplicationState;
  /** the heading (locale statusHeadline.title.*) */
  title: HeadlineTitle;
  /** the line under it (locale statusHeadline.sub.*) */
  sub: HeadlineSub;
  tone: 'success' | 'failure' | 'progress';
}

/**
 * The headline and subtitle of a status page, one rule for cn and hk: under review says "submitted" for offline sources
 * and the 65-75 margin notice instead of the 1-2 working days; waiting for the deposit says what the deposit needs (to
 * be made, being confirmed, to be fixed); `seniorMargin`: a margin account type and an age of 65-75 (approvingNoteKey).
 */
export function statusHeadline(app: HeadlineApp, opts: { accountType?: unknown; age?: number } = {}): StatusHeadline {
  const state = applicationState(app);
  switch (state) {
    case 'reviewing':
      return { state, title: approvingTitleKey(app.fromPage), sub: approvingNoteKey(opts.accountType, opts.age), tone: 'progress' };
    case 'awaitingDeposit': {
      if (app.cashInStatus === CASH_IN_STATUS.NEEDS_CHANGE) return { state, title: state, sub: 'depositFix', tone: 'failure' };
      const confirming = app.cashInStatus === CASH_IN_STATUS.CONFIRMING || app.stockStatus === STOCK_STATUS.REQUESTED || app.stockStatus === STOCK_STATUS.CONFIRMING;
      // approved: the review is passed (a success), what is left is the client's deposit (issue 37: the clock stayed)
      return { state, title: state, sub: confirming ? 'depositConfirming' : 'toDeposit', tone: 'success' };
    }
    case 'opened':
      return { state, title: state, sub: 'funded', tone: 'success' };
    case 'correction':
      return { state, title: state, sub: 'correction', tone: 'failure' };
    case 'failed':
      return { state, title: state, sub: 'failed', tone: 'failure' };
  }
}

// ------------------------------------------------------------------------------------------- HK account status

/** openStatus of the HK page: 1 under review, 2 needs correction (returned or closed), 3 approved (3000 or opened). */
export const OPEN_STATUS = { REVIEWING: 1, CORRECTION: 2, APPROVED: 3 } as const;
/** deposit status of the HK page: 1 confirming, 2 to do or to fix, 3 done. */
export const DEPOSIT_STATUS = { CONFIRMING: 1, ACTION: 2, DONE: 3 } as const;

export function openStatusOf(app: ResultApp): number {
  const s = effectiveApplyStatus(app.applyStatus, app.clientStatus, app.clientInfo?.accts[0]?.subAcctId);
  if (s === APPLY_STATUS.SUCCESS || s === APPLY_STATUS.APPROVED) return OPEN_STATUS.APPROVED;
  if (isRejected(s) || s === APPLY_STATUS.CLOSED) return OPEN_STATUS.CORRECTION;
  return OPEN_STATUS.REVIEWING;
}

/** cashInStatus → deposit status: 1000 and 2020 → 2 (to deposit / to fix), 2000 → 3, anything else → 1 (confirming). */
export function depositStatusOf(cashInStatus: number | null): number {
  if (cashInStatus === CASH_IN_STATUS.NOT_DEPOSITED || cashInStatus === CASH_IN_STATUS.NEEDS_CHANGE) return DEPOSIT_STATUS.ACTION;
  if (cashInStatus === CASH_IN_STATUS.DONE) return DEPOSIT_STATUS.DONE;
  return DEPOSIT_STATUS.CONFIRMING;
}

export type AccountStatusText =
  | 'pendingUpdate'
  | 'closed'
  | 'reviewPassed'
  | 'underReview'
  | 'depositPending'
  | 'depositException'
  | 'depositConfirming'
  | 'deposited'
  | 'openSuccess'
  | 'transferPending'
  | 'transferConfirming'
  | 'transferFailed'
  | 'transferred';

export interface AccountStatusModel {
  open: number;
  deposit: number;
  openText: AccountStatusText;
  /** no deposit line while the application is under review */
  depositText: AccountStatusText | null;
  stockText: AccountStatusText | null;
  /** buttons: edit data (returned), continue deposit (to deposit or to fix), home (always) */
  canEdit: boolean;
  canDeposit: boolean;
}

export function accountStatusModel(app: ResultApp): AccountStatusModel {
  const open = openStatusOf(app);
  const deposit = depositStatusOf(app.cashInStatus ?? CASH_IN_STATUS.NOT_DEPOSITED);
  const stockFailed = isStockFailure(app.stockStatus);
  const closed = effectiveApplyStatus(app.applyStatus, app.clientStatus, app.clientInfo?.accts[0]?.subAcctId) === APPLY_STATUS.CLOSED;
  // the open row agrees with the headline (statusHeadline): opened once approved and funded, review passed before
  const openText: AccountStatusText =
    open === OPEN_STATUS.CORRECTION ? (closed ? 'closed' : 'pendingUpdate') : open === OPEN_STATUS.APPROVED ? (isFunded(app) ? 'openSuccess' : 'reviewPassed') : 'underReview';
  const depositText: AccountStatusText | null =
    open === OPEN_STATUS.CORRECTION
      ? null
      : app.cashInStatus === CASH_IN_STATUS.NEEDS_CHANGE
        ? 'depositException'
        : deposit === DEPOSIT_STATUS.DONE
          ? 'deposited'
          : deposit === DEPOSIT_STATUS.ACTION
            ? 'depositPending'
            : 'depositConfirming';
  const stockText: AccountStatusText | null =
    app.stockStatus === null || app.stockStatus === undefined
      ? null
      : app.stockStatus === STOCK_STATUS.REQUESTED
        ? 'transferPending'
        : app.stockStatus === STOCK_STATUS.CONFIRMING
          ? 'transferConfirming'
          : stockFailed
            ? 'transferFailed'
            : 'transferred';
  return {
    open,
    deposit,
    openText,
    depositText,
    stockText,
    canEdit: open === OPEN_STATUS.CORRECTION && isRejected(app.applyStatus),
    canDeposit: open !== OPEN_STATUS.CORRECTION && deposit === DEPOSIT_STATUS.ACTION,
  };
}

/** Minimum single deposit, in HKD or its equivalent (part 3 §9). */
export const MIN_DEPOSIT_HKD = 10_000;
export const DEPOSIT_CURRENCIES = ['HKD', 'USD', 'CNH'] as const;
export type DepositCurrency = (typeof DEPOSIT_CURRENCIES)[number];
/** A deposit notice's amount: a positive decimal of at most 12 digits and 2 decimals (the call's schema says the same). */
export const DEPOSIT_AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;
export const checkDepositAmount = (v: string): 'required' | 'format' | null => (v.trim() === '' ? 'required' : DEPOSIT_AMOUNT.test(v.trim()) && Number(v) > 0 ? null : 'format');
/** The paying bank's name: 2-100 characters. */
export const checkPayingBank = (v: string): 'required' | 'tooShort' | 'tooLong' | null => (v.trim() === '' ? 'required' : v.trim().length < 2 ? 'tooShort' : v.trim().length > 100 ? 'tooLong' : null);

/** What the deposit notice form holds (the amount and bank as typed, the one proof of the transfer). */
export interface DepositNoticeForm {
  amount: string;
  payingBank: string;
  proof: readonly unknown[];
}

/** The deposit notice's issues, field by field (the form kit marks them): amount, paying bank, exactly one proof. */
export function depositNoticeIssues(form: DepositNoticeForm): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const amount = checkDepositAmount(form.amount);
  if (amount) issues.push({ field: 'amount', rule: amount });
  const bank = checkPayingBank(form.payingBank);
  if (bank) issues.push({ field: 'payingBank', rule: bank });
  if (form.proof.length !== 1) issues.push({ field: 'proof', rule: 'fileRequired' });
  return issues;
}

/** The {min}/{max} of the deposit notice's messages. */
export const DEPOSIT_NOTICE_LIMITS = { amount: { max: 100, min: 2 }, payingBank: { max: 100, min: 2 } } as const;

/** What the witness form holds: the documents of the witnessed identity and address. */
export interface WitnessForm {
  idFiles: readonly unknown[];
  addressFiles: readonly unknown[];
}

/** The witness form's issues: each list needs a file. */
export function witnessIssues(form: WitnessForm): FieldIssue[] {
  return [...(form.idFiles.length ? [] : [{ field: 'idFiles', rule: 'fileRequired' } as const]), ...(form.addressFiles.length ? [] : [{ field: 'addressFiles', rule: 'fileRequired' } as const])];
}
