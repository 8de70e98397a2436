import { accountStatusModel, approvingNoteKey, approvingTitleKey, depositStatusOf, fundsLineKey, openStatusOf, openStatusView, type ResultApp } from './result';

const app = (over: Partial<ResultApp> = {}): ResultApp => ({ applyStatus: 1200, clientStatus: 33, cashInStatus: null, stockStatus: null, fromPage: null, ...over });

describe('the mainland result view at each boundary', () => {
  test.each<[number, number, string | null, string]>([
    [1110, 33, null, 'rejected'], // below submitted: matches nothing → the default
    [1199, 33, null, 'rejected'],
    [1200, 33, null, 'approving'],
    [1500, 33, null, 'approving'],
    [1899, 33, null, 'approving'],
    [1900, 33, null, 'rejected'],
    [1904, 33, null, 'rejected'],
    [1905, 33, null, 'approving'],
    [3000, 33, null, 'approving'],
    [3001, 33, null, 'rejected'],
    [4000, 33, null, 'success'],
    [5000, 33, null, 'rejected'],
    [1200, 31, null, 'success'], // client status 31 forces success
    [1200, 33, 'S12345678', 'success'], // a sub-account too
  ])('status %s, client status %s, sub-account %s → %s', (applyStatus, clientStatus, sub, view) => {
    expect(openStatusView(app({ applyStatus, clientStatus, clientInfo: { accts: sub ? [{ subAcctId: sub }] : [] } }))).toBe(view);
  });

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
    ['under review, not deposited', { applyStatus: 1200, cashInStatus: 1000 }, { title: 'progress', openText: 'underReview', depositText: 'depositPending', canDeposit: true, canEdit: false }],
    ['under review, confirming', { applyStatus: 1200, cashInStatus: 2010 }, { title: 'progress', depositText: 'depositConfirming', canDeposit: false }],
    ['returned', { applyStatus: 1900, cashInStatus: 1000 }, { title: 'failure', openText: 'pendingUpdate', depositText: null, canEdit: true, canDeposit: false }],
    ['approved, deposit to fix', { applyStatus: 3000, cashInStatus: 2020 }, { title: 'failure', openText: 'reviewPassed', depositText: 'depositException', canDeposit: true }],
    ['approved, deposited', { applyStatus: 3000, cashInStatus: 2000 }, { title: 'success', openText: 'openSuccess', depositText: 'deposited', canDeposit: false }],
    ['opened, deposited', { applyStatus: 4000, clientStatus: 31, cashInStatus: 2000 }, { title: 'success', openText: 'openSuccess' }],
    ['opened, not deposited', { applyStatus: 4000, clientStatus: 31, cashInStatus: 1000 }, { title: 'progress', openText: 'reviewPassed', canDeposit: true }],
    ['stock transfer failed (2)', { applyStatus: 3000, cashInStatus: 2000, stockStatus: 2 }, { title: 'success', stockText: 'transferFailed' }],
    ['stock transfer refused (4), under review', { applyStatus: 1200, cashInStatus: 2010, stockStatus: 4 }, { title: 'failure', stockText: 'transferFailed' }],
    ['stock transfer requested', { applyStatus: 1200, stockStatus: 1 }, { stockText: 'transferPending' }],
    ['stock transfer confirming', { applyStatus: 1200, stockStatus: 3 }, { stockText: 'transferConfirming' }],
  ])('%s', (_n, over, expected) => expect(accountStatusModel(app(over))).toEqual(expect.objectContaining(expected)));
});
