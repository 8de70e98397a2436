import { isOwnPage, safeReturnPath } from './auth';

describe('the return path a screen takes from the address', () => {
  test.each<[string | null | undefined, boolean, string]>([
    [null, true, '/home'],
    [undefined, true, '/home'],
    ['', true, '/home'],
    ['/HK_IDcard', true, '/HK_IDcard'],
    ['/statement?supplement=supplement', true, '/statement?supplement=supplement'],
    ['/tradePassword?sub=S10020003&next=%2FeditAddress%3Fsub%3DS10020003', false, '/tradePassword?sub=S10020003&next=%2FeditAddress%3Fsub%3DS10020003'],
    ['/', true, '/'],
    // another origin, however written
    ['//evil.example/x', true, '/home'],
    ['/\\evil.example', true, '/home'],
    ['/\t/evil.example', true, '/home'],
    ['/\n/evil.example', true, '/home'],
    ['https://evil.example', true, '/home'],
    ['javascript:alert(1)', true, '/home'],
    ['evil.example', true, '/home'],
    [' /HK_IDcard', true, '/home'],
    ['/x\u0000', true, '/home'],
    [`/${'a'.repeat(1024)}`, true, '/home'],
    // the login screen itself would loop
    ['/login?redirect=/x', true, '/home'],
    ['/login', true, '/home'],
    ['/LOGIN#x', true, '/home'],
    ['/loginHelp', true, '/loginHelp'],
    // our other pages only where they are allowed
    ['/pages/investorIdentifier.html?sub=S12345678#/result', true, '/pages/investorIdentifier.html?sub=S12345678#/result'],
    ['/pages/improveInfo.html#/', true, '/pages/improveInfo.html#/'],
    ['/pages/improveInfo.html#/', false, '/home'],
    ['//evil.example/pages/a.html', true, '/home'],
    ['/pages/a.html?x=\\evil', true, '/home'],
    ['/pages/../x.html', true, '/pages/../x.html'], // a route of this page (hash router), not another page: harmless
  ])('%j (other pages %s) → %s', (value, otherPages, expected) => {
    expect(safeReturnPath(value, '/home', { otherPages })).toBe(expected);
  });

  test('our other pages are told apart', () => {
    expect(isOwnPage('/pages/openAccount.html#/x')).toBe(true);
    expect(isOwnPage('/pages/open-account.html')).toBe(false);
    expect(isOwnPage('/HK_IDcard')).toBe(false);
  });
});
