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
export const HK_IDENTIFIER_ROUTE = { consent: '/', result: '/result' } as const;
