import { AUTO_EXCHANGE_ACTION, autoExchangeStep, autoExchangeToast, homeCards, marketsOf, statusAfter, type AccountFacts } from './account';

const acct = (over: Partial<AccountFacts> = {}): AccountFacts => ({
  subAcctId: 'S12345678',
  acctType: 1,
  cltType: 1,
  markets: 3,
  source: null,
  improveInfoOpen: false,
  extra: { needSignHKIdentifier: 1 },
  ...over,
});

describe('account home cards', () => {
  it.each([
    ['a cash individual account, identifier to sign', acct(), ['marginUpgrade', 'community', 'markets', 'autoExchange', 'accountInfo', 'hkIdentifier']],
    ['a margin account: no upgrade, no auto exchange', acct({ acctType: 2 }), ['community', 'markets', 'accountInfo', 'hkIdentifier']],
    ['margin type 3 counts as margin', acct({ acctType: 3 }), ['community', 'markets', 'accountInfo', 'hkIdentifier']],
    ['a corporate client: no account info', acct({ cltType: 2 }), ['marginUpgrade', 'community', 'markets', 'autoExchange', 'hkIdentifier']],
    ['identifier signed: still shown (to view the result)', acct({ extra: { needSignHKIdentifier: 2 } }), ['marginUpgrade', 'community', 'markets', 'autoExchange', 'accountInfo', 'hkIdentifier']],
    ['identifier not applicable (0)', acct({ extra: { needSignHKIdentifier: 0 } }), ['marginUpgrade', 'community', 'markets', 'autoExchange', 'accountInfo']],
    ['the broker asks for information', acct({ improveInfoOpen: true }), ['marginUpgrade', 'community', 'markets', 'completeInfo', 'autoExchange', 'accountInfo', 'hkIdentifier']],
  ])('%s', (_n, a, cards) => {
    expect(homeCards(a)).toEqual(cards);
  });
});

describe('markets', () => {
  it.each([
    [3, ['hk', 'us']],
    [7, ['hk', 'us', 'stockConnect']],
    [19, ['hk', 'us', 'options']],
    [0, []],
  ])('mask %d → %j', (mask, names) => {
    expect(marketsOf(mask)).toEqual(names);
  });
});

describe('automatic currency exchange', () => {
  it.each([
    ['off, box unticked: prompt to tick it', false, { agreed: false }, { kind: 'needAgreement' }],
    ['off, box ticked: switch on', false, { agreed: true }, { kind: 'send', action: AUTO_EXCHANGE_ACTION.ENABLE }],
    ['on: confirm first', true, { agreed: true }, { kind: 'confirmOff' }],
    ['on, confirmed: switch off (the box does not matter)', true, { agreed: false, confirmed: true }, { kind: 'send', action: AUTO_EXCHANGE_ACTION.DISABLE }],
  ])('%s', (_n, on, opts, step) => {
    expect(autoExchangeStep(on, opts)).toEqual(step);
  });

  it.each([
    [AUTO_EXCHANGE_ACTION.ENABLE, 1, 'tips15'],
    [AUTO_EXCHANGE_ACTION.DISABLE, 0, 'tips14'],
    [AUTO_EXCHANGE_ACTION.ENABLE, undefined, 'tips16'],
    [AUTO_EXCHANGE_ACTION.DISABLE, undefined, 'tips16'],
  ] as const)('action %d answered %s → %s', (action, status, toast) => {
    expect(autoExchangeToast(action, status)).toBe(toast);
  });

  it('an action leaves the account on (1) or off (0)', () => {
    expect(statusAfter(AUTO_EXCHANGE_ACTION.ENABLE)).toBe(1);
    expect(statusAfter(AUTO_EXCHANGE_ACTION.DISABLE)).toBe(0);
  });
});
