import { accountStatusModel, applicationState, approvingNoteKey, approvingTitleKey, depositStatusOf, fundsLineKey, openStatusOf, statusHeadline, type HeadlineApp, type ResultApp } from './result';

const app = (over: Partial<ResultApp> = {}): ResultApp => ({ applyStatus: 1200, clientStatus: 33, cashInStatus: null, stockStatus: null, fromPage: null, ...over });

describe('the application state both status pages headline', () => {
  const at = (clientType: 'cn' | 'hk', over: Partial<ResultApp>): HeadlineApp => ({ ...app(over), clientType });
  test.each<[number, number, string | null, number | null, number | null, string, string]>([
    // status, client status, sub-account, cashInStatus, stockStatus → cn, hk
    [1110, 33, null, null, null, 'correction', 'reviewing'], // not submitted: each page's own default
    [1199, 33, null, null, null, 'correction', 'reviewing'],
    [1200, 33, null, null, null, 'reviewing', 'reviewing'],
    [1200, 33, null, 2000, null, 'reviewing', 'reviewing'], // a deposit made while under review: still under review
    [1500, 33, null, null, null, 'reviewing', 'reviewing'],
    [1899, 33, null, null, null, 'reviewing', 'reviewing'],
    [1900, 33, null, null, null, 'correction', 'correction'],
    [1904, 33, null, 1000, null, 'correction', 'correction'],
    [1905, 33, null, null, null, 'reviewing', 'reviewing'],
    [2999, 33, null, null, null, 'reviewing', 'reviewing'],
    [3000, 33, null, null, null, 'awaitingDeposit', 'awaitingDeposit'],
    [3000, 33, null, 1000, null, 'awaitingDeposit', 'awaitingDeposit'],
    [3000, 33, null, 2010, null, 'awaitingDeposit', 'awaitingDeposit'],
    [3000, 33, null, 2020, null, 'awaitingDeposit', 'awaitingDeposit'],
    [3000, 33, null, 2000, null, 'opened', 'opened'],
    [4000, 31, 'S12345678', 1000, null, 'awaitingDeposit', 'awaitingDeposit'], // the case: review passed, My account
    [4000, 31, 'S12345678', 2000, null, 'opened', 'opened'],
    [4000, 31, 'S12345678', 1000, 5, 'opened', 'opened'], // funded by a stock transfer-in
    [4000, 31, 'S12345678', 1000, 2, 'awaitingDeposit', 'awaitingDeposit'], // a failed transfer funds nothing
    [1200, 31, null, null, null, 'awaitingDeposit', 'awaitingDeposit'], // client status 31 counts as opened
    [1200, 33, 'S12345678', 2000, null, 'opened', 'opened'], // a sub-account too
    [3001, 33, null, null, null, 'correction', 'reviewing'],
    [5000, 33, null, null, null, 'failed', 'failed'],
  ])('status %s, client %s, sub %s, cash %s, stock %s → cn %s, hk %s', (applyStatus, clientStatus, sub, cashInStatus, stockStatus, cn, hk) => {
    const over = { applyStatus, clientStatus, cashInStatus, stockStatus, clientInfo: { accts: sub ? [{ subAcctId: sub }] : [] } };
    expect(applicationState(at('cn', over))).toBe(cn);
    expect(applicationState(at('hk', over))).toBe(hk);
  });

  test.each<[string, Partial<ResultApp>, { accountType?: unknown; age?: number }, string, string, string]>([
    ['under review', { applyStatus: 1200 }, {}, 'reviewing', 'workingDays', 'progress'],
    ['under review, offline source', { applyStatus: 1500, fromPage: '16' }, {}, 'submitted', 'workingDays', 'progress'],
    ['under review, margin at 70', { applyStatus: 1200 }, { accountType: 2, age: 70 }, 'reviewing', 'seniorMargin', 'progress'],
    ['approved, not deposited', { applyStatus: 3000, cashInStatus: 1000 }, {}, 'awaitingDeposit', 'toDeposit', 'success'],
    ['approved, nothing heard of a deposit', { applyStatus: 3000, cashInStatus: null }, {}, 'awaitingDeposit', 'toDeposit', 'success'],
    ['opened, deposit being confirmed', { applyStatus: 4000, clientStatus: 31, cashInStatus: 2010 }, {}, 'awaitingDeposit', 'depositConfirming', 'success'],
    ['opened, stock transfer under way', { applyStatus: 4000, clientStatus: 31, cashInStatus: 1000, stockStatus: 3 }, {}, 'awaitingDeposit', 'depositConfirming', 'success'],
    ['approved, the deposit to fix', { applyStatus: 3000, cashInStatus: 2020 }, {}, 'awaitingDeposit', 'depositFix', 'failure'],
    ['opened and funded', { applyStatus: 4000, clientStatus: 31, cashInStatus: 2000 }, {}, 'opened', 'funded', 'success'],
    ['sent back', { applyStatus: 1901 }, { accountType: 2, age: 70 }, 'correction', 'correction', 'failure'],
    ['closed', { applyStatus: 5000 }, {}, 'failed', 'failed', 'failure'],
  ])('headline: %s', (_n, over, opts, title, sub, tone) => {
    for (const clientType of ['cn', 'hk'] as const) {
      expect(statusHeadline({ ...app(over), clientType }, opts)).toEqual(expect.objectContaining({ title, sub, tone }));
    }
  });
});

describe('the mainland result page', () => {
  test.each<[string | null, string]>([
    [null, 'reviewing'],
    ['14', 'reviewing'],
    ['15', 'submitted'],
    ['16', 'submitted'],
  ])('approving title for source %s: %s', (source, key) => expect(approvingTitleKey(source)).toBe(key));

  test.each<[number, number | undefined, string]>([
    [2, 64, 'workingDays'],
    [2, 65, 'seniorMargin'],
    [3, 75, 'seniorMargin'],
    [2, 76, 'workingDays'],
    [1, 70, 'workingDays'],
    [2, undefined, 'workingDays'],
  ])('approving note for account type %s at %s: %s', (type, age, key) => expect(approvingNoteKey(type, age)).toBe(key));

  test.each<[Partial<ResultApp>, string | null]>([
    [{ clientStatus: 33, cashInStatus: 2010 }, 'fundsConfirming'],
    [{ clientStatus: 33, cashInStatus: 1000 }, null],
    [{ clientStatus: 33, cashInStatus: 2000 }, null],
    [{ clientStatus: 33, stockStatus: 1 }, 'transferConfirming'],
    [{ clientStatus: 33, stockStatus: 3, cashInStatus: 2010 }, 'transferConfirming'],
    [{ clientStatus: 30, cashInStatus: 2010 }, null],
    [{ clientStatus: 33, cashInStatus: 2010, fromPage: '15' }, null],
  ])('client status 33 funds line %j → %s', (over, key) => expect(fundsLineKey(app(over))).toBe(key));
});

describe('the HK account status page', () => {
  test.each<[number | null, number]>([
    [1000, 2],
    [2020, 2],
    [2000, 3],
    [2010, 1],
    [1999, 1],
    [null, 1],
  ])('cashInStatus %s → deposit status %s', (cash, status) => expect(depositStatusOf(cash)).toBe(status));

  test.each<[number, number, number]>([
    [1200, 33, 1],
    [1500, 33, 1],
    [1900, 33, 2],
    [5000, 33, 2],
    [3000, 33, 3],
    [4000, 31, 3],
    [1200, 31, 3],
  ])('status %s (client %s) → open status %s', (applyStatus, clientStatus, open) => expect(openStatusOf(app({ applyStatus, clientStatus }))).toBe(open));

  test.each<[string, Partial<ResultApp>, Partial<ReturnType<typeof accountStatusModel>>]>([
    ['under review, not deposited', { applyStatus: 1200, cashInStatus: 1000 }, { openText: 'underReview', depositText: 'depositPending', canDeposit: true, canEdit: false }],
    ['under review, confirming', { applyStatus: 1200, cashInStatus: 2010 }, { depositText: 'depositConfirming', canDeposit: false }],
    ['returned', { applyStatus: 1900, cashInStatus: 1000 }, { openText: 'pendingUpdate', depositText: null, canEdit: true, canDeposit: false }],
    ['approved, deposit to fix', { applyStatus: 3000, cashInStatus: 2020 }, { openText: 'reviewPassed', depositText: 'depositException', canDeposit: true }],
    ['approved, deposited', { applyStatus: 3000, cashInStatus: 2000 }, { openText: 'openSuccess', depositText: 'deposited', canDeposit: false }],
    ['opened, deposited', { applyStatus: 4000, clientStatus: 31, cashInStatus: 2000 }, { openText: 'openSuccess' }],
    ['opened, not deposited', { applyStatus: 4000, clientStatus: 31, cashInStatus: 1000 }, { openText: 'reviewPassed', canDeposit: true }],
    ['stock transfer failed (2)', { applyStatus: 3000, cashInStatus: 2000, stockStatus: 2 }, { openText: 'openSuccess', stockText: 'transferFailed' }],
    ['stock transfer refused (4), under review', { applyStatus: 1200, cashInStatus: 2010, stockStatus: 4 }, { openText: 'underReview', stockText: 'transferFailed' }],
    ['closed: not the correction text', { applyStatus: 5000, cashInStatus: 1000 }, { openText: 'closed', depositText: null, canEdit: false, canDeposit: false }],
    ['stock transfer requested', { applyStatus: 1200, stockStatus: 1 }, { stockText: 'transferPending' }],
    ['stock transfer confirming', { applyStatus: 1200, stockStatus: 3 }, { stockText: 'transferConfirming' }],
  ])('%s', (_n, over, expected) => expect(accountStatusModel(app(over))).toEqual(expect.objectContaining(expected)));
});
