import { ACCOUNT_ROUTE, TRANSFER_IN_ROUTE, UPDATE_ROUTE, accountPageLink, movedRouteUrl, openAccountLink } from './account-routes';

describe('an old open-account address of a moved route', () => {
  test.each([
    ['?lang=en', '#/accountHome', '/pages/account.html?lang=en#/accountHome'],
    ['', '#/accountInfo?sub=S1', '/pages/account.html#/accountInfo?sub=S1'],
    ['?lang=zh-TW&aecode=W090-C', `#${UPDATE_ROUTE.tradePassword}?sub=S1&next=%2FeditAddress%3Fsub%3DS1`, `/pages/account.html?lang=zh-TW&aecode=W090-C#${UPDATE_ROUTE.tradePassword}?sub=S1&next=%2FeditAddress%3Fsub%3DS1`],
    ['', `#${ACCOUNT_ROUTE.autoExchangeDetails}`, `/pages/account.html#${ACCOUNT_ROUTE.autoExchangeDetails}`],
    ['?lang=en', `#${TRANSFER_IN_ROUTE.form}`, `/pages/transferInStock.html?lang=en#${TRANSFER_IN_ROUTE.form}`],
    ['?applyId=A1', `#${TRANSFER_IN_ROUTE.agreement}`, `/pages/assetTransferAgreement.html?applyId=A1#${TRANSFER_IN_ROUTE.agreement}`],
  ])('%s %s lands on its new page at the same route, both queries kept', (search, hash, url) => {
    expect(movedRouteUrl(search, hash)).toBe(url);
  });

  test('routes match as the router matches them: any case, a trailing slash dropped', () => {
    expect(movedRouteUrl('', '#/ACCOUNTHOME/')).toBe('/pages/account.html#/ACCOUNTHOME/');
    expect(movedRouteUrl('', '#/checkw8?sub=S1')).toBe('/pages/account.html#/checkw8?sub=S1');
  });

  test.each(['', '#', '#/', '#/account', '#/login?redirect=%2FaccountHome', '#/openStatus', '#/deposit', '#/witness', '#/accountHomeX', '#/transferInStock/new/x'])(
    'the opening’s own route %p stays',
    (hash) => {
      expect(movedRouteUrl('?lang=en', hash)).toBeNull();
    },
  );

  test('the links between the two pages carry the page query', () => {
    expect(accountPageLink(ACCOUNT_ROUTE.home, '?lang=en')).toBe('/pages/account.html?lang=en#/accountHome');
    expect(openAccountLink('/account')).toBe('/pages/openAccount.html#/account');
  });
});
