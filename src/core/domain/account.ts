/**
 * After opening (issue 13): a client's accounts, what the account home offers for them, and automatic currency
 * exchange. Pure and zod-free: the screens and the service use the same rules.
 */
import { ACCOUNT_TYPE, MARKET, hasMarket } from './profile';

/** acctType of an account: the opening's accountType (1 cash, 2 margin; 3, a second margin type, counts as margin). */
export const ACCT_TYPE = ACCOUNT_TYPE;
export const isCashAccount = (acctType: number): boolean => acctType === ACCT_TYPE.CASH;

/** cltType of an account's client: 1 an individual (this flow opens only these), 2 a corporate client (the organisation signing flow). */
export const CLT_TYPE = { INDIVIDUAL: 1, CORPORATE: 2 } as const;

/** extra.needSignHKIdentifier: 1 the HK investor identifier consent is still to be signed, 2 it was signed. */
export const HK_IDENTIFIER = { TO_SIGN: 1, SIGNED: 2 } as const;

/**
 * source of an account: NGW marks an account brought over from the broker's previous system (not opened through
 * this flow): it has no application here, so the broker asks its client to complete the information this flow would
 * have collected (docs/decisions.md).
 */
export const ACCOUNT_SOURCE = { NGW: 'NGW' } as const;

/** What the account home reads of an account (UserInfo's clientInfo.accts). */
export interface AccountFacts {
  subAcctId: string;
  acctType: number;
  cltType: number;
  /** MARKET bits the account trades */
  markets: number;
  source: string | null;
  /** an improve-info request of the broker is open for this account */
  improveInfoOpen: boolean;
  extra: { needSignHKIdentifier: number };
}

export const HOME_CARDS = ['marginUpgrade', 'community', 'markets', 'completeInfo', 'autoExchange', 'accountInfo', 'hkIdentifier'] as const;
export type HomeCard = (typeof HOME_CARDS)[number];

/**
 * The cards of the account home, in the order the spec lists them: margin upgrade and auto exchange for cash
 * accounts, account info for individual clients, complete info while the broker asks for it, the HK investor
 * identifier to sign or (once signed) to view.
 */
export function homeCards(acct: AccountFacts): HomeCard[] {
  const show: Record<HomeCard, boolean> = {
    marginUpgrade: isCashAccount(acct.acctType),
    community: true,
    markets: true,
    completeInfo: acct.improveInfoOpen,
    autoExchange: isCashAccount(acct.acctType),
    accountInfo: acct.cltType === CLT_TYPE.INDIVIDUAL,
    hkIdentifier: acct.extra.needSignHKIdentifier === HK_IDENTIFIER.TO_SIGN || acct.extra.needSignHKIdentifier === HK_IDENTIFIER.SIGNED,
  };
  return HOME_CARDS.filter((c) => show[c]);
}

/** The markets an account trades, in display order (hk, us, stockConnect, options). */
export const MARKET_NAMES = ['hk', 'us', 'stockConnect', 'options'] as const;
export type MarketName = (typeof MARKET_NAMES)[number];
const MARKET_BIT: Record<MarketName, number> = { hk: MARKET.HK, us: MARKET.US, stockConnect: MARKET.STOCK_CONNECT, options: MARKET.OPTIONS };
export const marketsOf = (mask: number): MarketName[] => MARKET_NAMES.filter((m) => hasMarket(mask, MARKET_BIT[m]));

export { ACCOUNT_ROUTE } from './account-routes';

/** The account a post-opening page acts on: the one its query names (`sub`), else the user's first account of the kind. */
export function accountOf<A extends Pick<AccountFacts, 'subAcctId' | 'acctType'>>(accts: readonly A[], sub: string | null, kind?: 'cash'): A | undefined {
  if (sub) return accts.find((a) => a.subAcctId === sub);
  return accts.find((a) => (kind === 'cash' ? isCashAccount(a.acctType) : true));
}

// ---------------------------------------------------------------- automatic currency exchange

/** action of an auto-exchange change: 1 switch on, 2 switch off. */
export const AUTO_EXCHANGE_ACTION = { ENABLE: 1, DISABLE: 2 } as const;
export type AutoExchangeAction = (typeof AUTO_EXCHANGE_ACTION)[keyof typeof AUTO_EXCHANGE_ACTION];
/** status of the query and the change's answer: 1 on, 0 off. */
export const AUTO_EXCHANGE_STATUS = { OFF: 0, ON: 1 } as const;

/** needBack=1 in the page's query: close the page (through the bridge) once a change succeeded. */
export const NEED_BACK = '1';

/**
 * What a tap on the switch leads to: switching off asks for confirmation first; switching on needs the agreement
 * box ticked (else the applicant is prompted to tick it); otherwise the change is sent.
 */
export type AutoExchangeStep = { kind: 'confirmOff' } | { kind: 'needAgreement' } | { kind: 'send'; action: AutoExchangeAction };

export function autoExchangeStep(on: boolean, opts: { agreed: boolean; confirmed?: boolean }): AutoExchangeStep {
  if (on) return opts.confirmed ? { kind: 'send', action: AUTO_EXCHANGE_ACTION.DISABLE } : { kind: 'confirmOff' };
  return opts.agreed ? { kind: 'send', action: AUTO_EXCHANGE_ACTION.ENABLE } : { kind: 'needAgreement' };
}

/** The toast after a change: tips15 when switched on, tips14 when switched off, tips16 when the answer had no result. */
export function autoExchangeToast(action: AutoExchangeAction, status: number | undefined): 'tips14' | 'tips15' | 'tips16' {
  if (status === undefined || status === null) return 'tips16';
  return action === AUTO_EXCHANGE_ACTION.ENABLE ? 'tips15' : 'tips14';
}

/** The status an account is left in by an action. */
export const statusAfter = (action: AutoExchangeAction): number => (action === AUTO_EXCHANGE_ACTION.ENABLE ? AUTO_EXCHANGE_STATUS.ON : AUTO_EXCHANGE_STATUS.OFF);
