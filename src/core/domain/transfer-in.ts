/**
 * Stock transfer-in (issue 13): a client asks the broker to receive Hong Kong shares they hold at another broker (a
 * CCASS transfer the other broker makes on the client's instruction). A request names the other broker (one of the
 * common ones, or "other" with its name and, if known, its CCASS participant ID), the client's account number there
 * and the stocks (a Hong Kong code of 1-5 digits and a whole number of shares each). It needs the asset-transfer
 * agreement signed (protocol status 2). Staff move it through its statuses (`ops transfer-in-status`); the
 * application's stockStatus follows the latest request, so the status pages show it. Pure and zod-free: the screens
 * and the service use the same rules.
 */
import { ASSET_TRANSFER_PAGE, TRANSFER_IN_PAGE } from './account-routes';
import { BROKER_OTHER, brokerName } from './brokers';
import { PROTOCOL_STATUS } from './closing';
import { APPLY_STATUS, STOCK_STATUS, effectiveApplyStatus, isStockFailure } from './status';
import type { FieldIssue } from './step-rules/types';

// ------------------------------------------------------------------------------------------- the form

/**
 * The brokers offered in the picker, in the order shown: the online brokers mainland investors hold Hong Kong shares
 * with, the banks' securities services, the Chinese brokers' Hong Kong arms, then "other" (BROKER_OTHER, a name
 * typed). Codes and names are the statement step's list (brokers.ts).
 */
export const TRANSFER_IN_BROKERS: readonly number[] = [21, 22, 23, 24, 37, 38, 26, 25, 1, 3, 2, 4, 27, 28, 30, 31, 29, 36, 33, 34, 35, 41, 43, 44, 45, BROKER_OTHER];

/** The markets a stock can be transferred in from: Hong Kong (CCASS) only. */
export const TRANSFER_IN_MARKETS = ['HK'] as const;
export type TransferInMarket = (typeof TRANSFER_IN_MARKETS)[number];

/** At most this many stocks in one request (one line each). */
export const MAX_TRANSFER_IN_STOCKS = 10;
/** At most this many requests in progress (requested or confirming) at a time for one application. */
export const MAX_OPEN_TRANSFER_INS = 5;
/** The largest quantity of one line: ten billion shares less one (more than any listed company's free float a client holds). */
export const MAX_TRANSFER_IN_QUANTITY = 9_999_999_999;
export const TRANSFER_IN_LEN = { brokerName: 100, brokerAccount: 30, message: 500 } as const;

/** The other broker's account number: 3-30 letters, digits and hyphens (as its statement prints it). */
const BROKER_ACCOUNT = /^[A-Za-z0-9-]{3,30}$/;
/** A CCASS participant ID: B (broker) or C (custodian) and five digits, e.g. B01234. */
const CCASS_ID = /^[BC]\d{5}$/;

/** What a rule of this module can say about a field; the texts are `transferIn.rules.<rule>`. */
export const TRANSFER_IN_RULES = [
  'required',
  'choice',
  'tooShort',
  'tooLong',
  'brokerAccount',
  'ccassId',
  'stockCode',
  'quantity',
  'quantityTooLarge',
  'duplicateStock',
  'noStocks',
  'tooManyStocks',
  'market',
] as const;
export type TransferInRule = (typeof TRANSFER_IN_RULES)[number];
export type TransferInCheck = TransferInRule | null;

export interface TransferInIssue {
  /** the field: broker, brokerName, ccassId, brokerAccount, stocks, stocks.<i>.code, stocks.<i>.quantity, stocks.<i>.market */
  field: string;
  rule: TransferInRule;
}

/** One stock of a request as it travels: the code as typed (1-5 digits) or padded, a whole number of shares. */
export interface TransferInStock {
  market: TransferInMarket;
  code: string;
  quantity: number;
}

/** A request as the screen sends it (besides applyId and subAcctId). */
export interface TransferInInput {
  broker: number;
  brokerName?: string;
  ccassId?: string;
  brokerAccount: string;
  stocks: TransferInStock[];
}

export const isTransferInBroker = (v: unknown): v is number => typeof v === 'number' && TRANSFER_IN_BROKERS.includes(v);

/** A Hong Kong stock code as five digits ("700" → "00700"); anything that is not 1-5 digits stays as it is (trimmed). */
export function normalizeStockCode(code: unknown): string {
  const v = typeof code === 'string' ? code.trim() : typeof code === 'number' && Number.isInteger(code) ? String(code) : '';
  return /^\d{1,5}$/.test(v) ? v.padStart(5, '0') : v;
}

export function checkStockCode(code: unknown): TransferInCheck {
  const v = normalizeStockCode(code);
  if (v === '') return 'required';
  return /^\d{5}$/.test(v) && v !== '00000' ? null : 'stockCode';
}

export function checkQuantity(quantity: unknown): TransferInCheck {
  if (quantity === undefined || quantity === null || quantity === '') return 'required';
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity <= 0) return 'quantity';
  return quantity > MAX_TRANSFER_IN_QUANTITY ? 'quantityTooLarge' : null;
}

/** A quantity as typed (digits, spaces or thousands separators allowed) → a number; NaN when it is not a whole number. */
export function parseQuantity(text: string): number {
  const v = text.replace(/[\s,]/g, '');
  if (v === '') return NaN;
  return /^\d{1,13}$/.test(v) ? Number(v) : NaN;
}

function checkBrokerAccount(v: unknown): TransferInCheck {
  const s = typeof v === 'string' ? v.trim() : '';
  if (!s) return 'required';
  return BROKER_ACCOUNT.test(s) ? null : 'brokerAccount';
}

function checkBrokerName(v: unknown): TransferInCheck {
  const s = typeof v === 'string' ? v.trim() : '';
  if (!s) return 'required';
  if (s.length < 2) return 'tooShort';
  return s.length > TRANSFER_IN_LEN.brokerName ? 'tooLong' : null;
}

/** The CCASS participant ID of an "other" broker: optional, B or C and five digits (any case). */
function checkCcassId(v: unknown): TransferInCheck {
  if (v === undefined || v === null) return null;
  const s = typeof v === 'string' ? v.trim().toUpperCase() : '-';
  if (!s) return null;
  return CCASS_ID.test(s) ? null : 'ccassId';
}

/**
 * Every rule a request breaks, field by field (none: it may be sent). The stocks: one at least, at most
 * MAX_TRANSFER_IN_STOCKS, each a valid code and quantity, no code twice (the later line is marked).
 */
export function transferInIssues(input: unknown): TransferInIssue[] {
  const r = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const issues: TransferInIssue[] = [];
  const add = (field: string, rule: TransferInCheck) => {
    if (rule) issues.push({ field, rule });
  };
  add('broker', r.broker === undefined || r.broker === null ? 'required' : isTransferInBroker(r.broker) ? null : 'choice');
  if (r.broker === BROKER_OTHER) {
    add('brokerName', checkBrokerName(r.brokerName));
    add('ccassId', checkCcassId(r.ccassId));
  }
  add('brokerAccount', checkBrokerAccount(r.brokerAccount));
  const stocks = Array.isArray(r.stocks) ? r.stocks : [];
  if (!stocks.length) add('stocks', 'noStocks');
  else if (stocks.length > MAX_TRANSFER_IN_STOCKS) add('stocks', 'tooManyStocks');
  const seen = new Set<string>();
  stocks.slice(0, MAX_TRANSFER_IN_STOCKS).forEach((line, i) => {
    const s = (line && typeof line === 'object' ? line : {}) as Record<string, unknown>;
    add(`stocks.${i}.market`, (TRANSFER_IN_MARKETS as readonly unknown[]).includes(s.market) ? null : 'market');
    const codeRule = checkStockCode(s.code);
    const code = normalizeStockCode(s.code);
    add(`stocks.${i}.code`, codeRule ?? (seen.has(code) ? 'duplicateStock' : null));
    if (!codeRule) seen.add(code);
    add(`stocks.${i}.quantity`, checkQuantity(s.quantity));
  });
  return issues;
}

/** What the asset-transfer agreement's sign button and a request's review ask of the client: the box ticked. */
export interface TransferAgreement {
  agreed: boolean;
}

/**
 * The asset-transfer agreement is signed, and a transfer-in request sent from its review, only with the box ticked
 * (the agreement to its terms; the account at the other broker in the client's own name): `agreed` must be ticked.
 */
export const transferAgreementIssues = (form: TransferAgreement): FieldIssue[] => (form.agreed ? [] : [{ field: 'agreed', rule: 'mustTick' }]);

/** The request as it is kept: trimmed, the codes padded to five digits, the CCASS ID in capitals, "other" fields only for "other". */
export function normalizeTransferIn(input: TransferInInput): TransferInInput {
  const other = input.broker === BROKER_OTHER;
  const ccass = other ? input.ccassId?.trim().toUpperCase() : undefined;
  return {
    broker: input.broker,
    ...(other ? { brokerName: input.brokerName?.trim() ?? '' } : {}),
    ...(ccass ? { ccassId: ccass } : {}),
    brokerAccount: input.brokerAccount.trim(),
    stocks: input.stocks.map((s) => ({ market: s.market, code: normalizeStockCode(s.code), quantity: s.quantity })),
  };
}

/** The other broker's name in a language: the list's, or the name typed for "other". */
export function transferInBrokerName(r: { broker: number; brokerName?: string | null }, lang: 'zh-CN' | 'zh-TW' | 'en'): string {
  return r.broker === BROKER_OTHER ? (r.brokerName ?? '') : brokerName(r.broker, lang);
}

/** A quantity with thousands separators (1000 → "1,000"). */
export const formatQuantity = (n: number): string => n.toLocaleString('en-US');

// ------------------------------------------------------------------------------------------- statuses

/** A request's status: the application's stockStatus values (status.ts): 1 requested, 3 confirming, 5 done, 2 failed, 4 refused. */
export const TRANSFER_IN_STATUS = STOCK_STATUS;

/** Where staff may move a request: requested → confirming, done, failed or refused; confirming → done, failed or refused; the rest are final. */
const NEXT: Readonly<Record<number, readonly number[]>> = {
  [STOCK_STATUS.REQUESTED]: [STOCK_STATUS.CONFIRMING, STOCK_STATUS.DONE, STOCK_STATUS.FAILED, STOCK_STATUS.REFUSED],
  [STOCK_STATUS.CONFIRMING]: [STOCK_STATUS.DONE, STOCK_STATUS.FAILED, STOCK_STATUS.REFUSED],
};
export const canMoveTransferIn = (from: number, to: number): boolean => (NEXT[from] ?? []).includes(to);
/** A failure or refusal needs the staff's message (the client is told why). */
export const transferInNeedsMessage = (to: number): boolean => isStockFailure(to);
/** In progress: requested or confirming (counts against MAX_OPEN_TRANSFER_INS). */
export const isTransferInOpen = (status: number): boolean => status === STOCK_STATUS.REQUESTED || status === STOCK_STATUS.CONFIRMING;

/** The statuses by the name staff type (`ops transfer-in-status <id> confirming`). */
export const TRANSFER_IN_STATUS_NAMES: Readonly<Record<string, number>> = {
  requested: STOCK_STATUS.REQUESTED,
  failed: STOCK_STATUS.FAILED,
  confirming: STOCK_STATUS.CONFIRMING,
  refused: STOCK_STATUS.REFUSED,
  done: STOCK_STATUS.DONE,
};
/** The name of a status (the texts are `transferIn.status.<name>`). */
export function transferInStatusName(status: number): string {
  return Object.keys(TRANSFER_IN_STATUS_NAMES).find((k) => TRANSFER_IN_STATUS_NAMES[k] === status) ?? 'requested';
}
export type TransferInTone = 'progress' | 'success' | 'failure';
export const transferInTone = (status: number): TransferInTone => (status === STOCK_STATUS.DONE ? 'success' : isStockFailure(status) ? 'failure' : 'progress');

// ------------------------------------------------------------------------------------------- who may file one

/**
 * Whether the application may file a request now: its account must be open (the shares go into it; the spec's /sign
 * dialog says a transfer request is filed after opening), the application not closed, and the asset-transfer
 * agreement signed. 'notOffered': the deployment does not offer the agreement (ASSET_TRANSFER=off); 'unsigned':
 * offered, not signed yet (assetTransferAgreement.html).
 */
export type TransferInAvailability = 'ready' | 'unsigned' | 'notOffered' | 'notOpened' | 'closed';

export interface TransferInApp {
  applyStatus: number;
  clientStatus: number;
  /** the application's sub-account, if opened */
  subAcctId?: string | null;
}

export function transferInAvailability(app: TransferInApp, protocolStatus: number): TransferInAvailability {
  if (app.applyStatus === APPLY_STATUS.CLOSED) return 'closed';
  if (effectiveApplyStatus(app.applyStatus, app.clientStatus, app.subAcctId) !== APPLY_STATUS.SUCCESS) return 'notOpened';
  if (protocolStatus === PROTOCOL_STATUS.NONE) return 'notOffered';
  return protocolStatus === PROTOCOL_STATUS.SIGNED ? 'ready' : 'unsigned';
}

/** The asset-transfer agreement can be signed on its own page: offered, not signed yet, the application not closed. */
export function assetTransferSignable(app: TransferInApp, protocolStatus: number): 'signable' | 'signed' | 'notOffered' | 'closed' {
  if (protocolStatus === PROTOCOL_STATUS.SIGNED) return 'signed';
  if (app.applyStatus === APPLY_STATUS.CLOSED) return 'closed';
  return protocolStatus === PROTOCOL_STATUS.NONE ? 'notOffered' : 'signable';
}

/** The asset-transfer agreement's PDF in a language, written by scripts/make-agreements.ts. */
export const ASSET_TRANSFER_AGREEMENT = 'assetTransferAgreement';
export const assetTransferPdfPath = (lang: string): string => `/pages/static/agreements/${lang}/${ASSET_TRANSFER_AGREEMENT}.pdf`;

/** The two pages' addresses with the query they take (langType, pageFrom; the agreement also applyId and authorType 1). */
export { TRANSFER_IN_PAGE, ASSET_TRANSFER_PAGE };
export function transferInPageUrl(lang: string, pageFrom: string, base: string = TRANSFER_IN_PAGE): string {
  return `${base}${base.includes('?') ? '&' : '?'}${new URLSearchParams({ pageFrom, langType: lang })}`;
}
export function assetTransferPageUrl(appId: string, lang: string, pageFrom: string): string {
  return `${ASSET_TRANSFER_PAGE}?${new URLSearchParams({ applyId: appId, authorType: '1', pageFrom, langType: lang })}`;
}
