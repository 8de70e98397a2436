/**
 * What the result pages show (spec part 3 §4 "Result screen", "HK account status page"): the view of the mainland
 * page (/openStatus), the open, deposit and stock statuses of the Hong Kong page (/AccountStatus), their titles and
 * the lines they add. The service's statuses come in; the screens only render what these return.
 */
import { isMargin, isSenior } from './profile';
import { APPLY_STATUS, CASH_IN_STATUS, CLIENT_STATUS, STOCK_STATUS, effectiveApplyStatus, isRejected, isStockFailure } from './status';

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

export type OpenStatusView = 'approving' | 'rejected' | 'success';

/**
 * The mainland result view: success for the success status (4000, or client status 31 / a sub-account); approving
 * from the submitted threshold up to the approved status (1200-3000, not a returned code); rejected otherwise
 * (the returned codes, closed, and anything that matches nothing, as the spec's default).
 */
export function openStatusView(app: ResultApp): OpenStatusView {
  const s = effectiveApplyStatus(app.applyStatus, app.clientStatus, app.clientInfo?.accts[0]?.subAcctId);
  if (s === APPLY_STATUS.SUCCESS) return 'success';
  if (!isRejected(s) && s >= APPLY_STATUS.SUBMITTED && s <= APPLY_STATUS.APPROVED) return 'approving';
  return 'rejected';
}

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
  /** the page's title: success only when both are 3; failure when either is 2 or the stock transfer failed */
  title: 'success' | 'failure' | 'progress';
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
  const fixDeposit = app.cashInStatus === CASH_IN_STATUS.NEEDS_CHANGE;
  const title = open === OPEN_STATUS.APPROVED && deposit === DEPOSIT_STATUS.DONE ? 'success' : open === OPEN_STATUS.CORRECTION || fixDeposit || stockFailed ? 'failure' : 'progress';
  const openText: AccountStatusText = open === OPEN_STATUS.CORRECTION ? 'pendingUpdate' : open === OPEN_STATUS.APPROVED ? (title === 'success' ? 'openSuccess' : 'reviewPassed') : 'underReview';
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
    title,
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
