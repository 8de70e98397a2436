/**
 * The routes of the after-opening screens, on their own: the page's route table imports them before React has loaded,
 * and must not bring the account rules' validators into the first screen's script.
 */

/** The account home and automatic currency exchange. */
export const ACCOUNT_ROUTE = {
  home: '/accountHome',
  autoExchange: '/autoExchange',
  autoExchangeDetails: '/autoExchangeDetails',
  marginUpgrade: '/marginUpgrade',
} as const;

/** The update area. */
export const UPDATE_ROUTE = {
  accountInfo: '/accountInfo',
  status: '/status',
  checkW8: '/CheckW8',
  editAddress: '/editAddress',
  allDataCheck: '/AllDataCheck',
  editAddressDetails: '/editAddressDetails',
  tradePassword: '/tradePassword',
} as const;

/** Stock transfer-in and the asset-transfer agreement (transferInStock.html and assetTransferAgreement.html start at these). */
export const TRANSFER_IN_ROUTE = {
  list: '/transferInStock',
  form: '/transferInStock/new',
  agreement: '/assetTransferAgreement',
} as const;
/** The HK investor identifier page's routes (pages/investorIdentifier.html). */
/** The query parameter of an after-opening page's address that carries the app's page ticket (logged in with, then replaced by `sub`). */
export const PAGE_TICKET_PARAM = 'ticket';

export const HK_IDENTIFIER_ROUTE = { consent: '/', result: '/result' } as const;

/** The opened client's page (pages/account.html): the account home, its information and updates, margin, exchange. */
export const ACCOUNT_PAGE = '/pages/account.html';
/** The stock transfer-in pages (they start at their own route, TRANSFER_IN_ROUTE). */
export const TRANSFER_IN_PAGE = '/pages/transferInStock.html';
export const ASSET_TRANSFER_PAGE = '/pages/assetTransferAgreement.html';

/**
 * The routes that were the open-account page's before they moved to a page of their own (issue 39): a link or bookmark
 * to openAccount.html#/<route> (the app, e-mails, an older member-page setting) is sent to that page at the same route.
 */
const MOVED_ROUTES: ReadonlyMap<string, string> = new Map([
  ...[...Object.values(ACCOUNT_ROUTE), ...Object.values(UPDATE_ROUTE)].map((r) => [r.toLowerCase(), ACCOUNT_PAGE] as const),
  [TRANSFER_IN_ROUTE.list.toLowerCase(), TRANSFER_IN_PAGE],
  [TRANSFER_IN_ROUTE.form.toLowerCase(), TRANSFER_IN_PAGE],
  [TRANSFER_IN_ROUTE.agreement.toLowerCase(), ASSET_TRANSFER_PAGE],
]);

/**
 * Where an open-account address whose route moved now is: the new page with the same query (lang, channel, ...) and
 * the same hash (route and its query: sub, next, ...), else null. Routes match as the router's do (any case, a trailing
 * slash dropped).
 */
export function movedRouteUrl(search: string, hash: string): string | null {
  const path = hash.replace(/^#/, '').split('?')[0].toLowerCase().replace(/(.)\/+$/, '$1');
  const page = MOVED_ROUTES.get(path);
  return page ? `${page}${search}${hash.startsWith('#') ? hash : `#${hash}`}` : null;
}

/** The link to a route of the account page (e.g. "My account" on the opening's status pages), with the page's query. */
export const accountPageLink = (route: string, search = ''): string => `${ACCOUNT_PAGE}${search}#${route}`;

/** The opening's page and a link to one of its routes (the account page's "open an account"), with the page's query. */
export const OPEN_ACCOUNT_PAGE = '/pages/openAccount.html';
export const openAccountLink = (route: string, search = ''): string => `${OPEN_ACCOUNT_PAGE}${search}#${route}`;
