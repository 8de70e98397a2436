import {
  MAX_TRANSFER_IN_QUANTITY,
  MAX_TRANSFER_IN_STOCKS,
  TRANSFER_IN_BROKERS,
  assetTransferSignable,
  canMoveTransferIn,
  checkQuantity,
  checkStockCode,
  isTransferInOpen,
  normalizeStockCode,
  normalizeTransferIn,
  parseQuantity,
  transferInAvailability,
  transferInBrokerName,
  transferInIssues,
  transferInNeedsMessage,
  transferInStatusName,
  transferInTone,
  transferAgreementIssues,
  type TransferInInput,
} from './transfer-in';
import { BROKER_OTHER, BROKERS } from './brokers';

const valid: TransferInInput = { broker: 21, brokerAccount: '12345678', stocks: [{ market: 'HK', code: '700', quantity: 1000 }] };
const issuesOf = (over: Record<string, unknown>) => transferInIssues({ ...valid, ...over }).map((i) => `${i.field}:${i.rule}`);

describe('stock code', () => {
  test.each([
    ['700', '00700', null],
    ['00700', '00700', null],
    [' 5 ', '00005', null],
    ['99999', '99999', null],
    [700, '00700', null],
    ['', '', 'required'],
    [undefined, '', 'required'],
    ['0', '00000', 'stockCode'],
    ['00000', '00000', 'stockCode'],
    ['123456', '123456', 'stockCode'],
    ['7OO', '7OO', 'stockCode'],
    ['0700.HK', '0700.HK', 'stockCode'],
    ['-700', '-700', 'stockCode'],
    [7.5, '', 'required'],
  ])('%p → %p, %p', (code, normalized, rule) => {
    expect(normalizeStockCode(code)).toBe(normalized);
    expect(checkStockCode(code)).toBe(rule);
  });
});

describe('quantity', () => {
  test.each([
    [1, null],
    [1000, null],
    [MAX_TRANSFER_IN_QUANTITY, null],
    [MAX_TRANSFER_IN_QUANTITY + 1, 'quantityTooLarge'],
    [0, 'quantity'],
    [-100, 'quantity'],
    [1.5, 'quantity'],
    ['1000', 'quantity'],
    [NaN, 'quantity'],
    [undefined, 'required'],
    [null, 'required'],
  ])('%p → %p', (q, rule) => expect(checkQuantity(q)).toBe(rule));

  test.each([
    ['1000', 1000],
    ['1,000', 1000],
    [' 2 000 ', 2000],
    ['', NaN],
    ['1.5', NaN],
    ['-3', NaN],
    ['1e3', NaN],
    ['12345678901234', NaN],
  ])('typed %p → %p', (text, n) => expect(parseQuantity(text)).toBe(n));
});

describe('a request', () => {
  test('a valid one has no issues', () => expect(issuesOf({})).toEqual([]));

  test.each<[string, Record<string, unknown>, string[]]>([
    ['no broker', { broker: undefined }, ['broker:required']],
    ['a broker not in the list', { broker: 999 }, ['broker:choice']],
    ['a broker code as text', { broker: '21' }, ['broker:choice']],
    ['other without a name', { broker: BROKER_OTHER }, ['brokerName:required']],
    ['other with a one-letter name', { broker: BROKER_OTHER, brokerName: 'X' }, ['brokerName:tooShort']],
    ['other with a long name', { broker: BROKER_OTHER, brokerName: 'x'.repeat(101) }, ['brokerName:tooLong']],
    ['other with a bad CCASS ID', { broker: BROKER_OTHER, brokerName: 'ABC Securities', ccassId: 'X01234' }, ['ccassId:ccassId']],
    ['other with a short CCASS ID', { broker: BROKER_OTHER, brokerName: 'ABC Securities', ccassId: 'B0123' }, ['ccassId:ccassId']],
    ['other with a good CCASS ID, any case', { broker: BROKER_OTHER, brokerName: 'ABC Securities', ccassId: 'b01234' }, []],
    ['other without a CCASS ID', { broker: BROKER_OTHER, brokerName: 'ABC Securities', ccassId: '' }, []],
    ['a listed broker ignores the other fields', { broker: 22, brokerName: 'x', ccassId: 'nonsense' }, []],
    ['no account', { brokerAccount: '  ' }, ['brokerAccount:required']],
    ['an account with spaces', { brokerAccount: '123 456' }, ['brokerAccount:brokerAccount']],
    ['a two-character account', { brokerAccount: '12' }, ['brokerAccount:brokerAccount']],
    ['an account of 31', { brokerAccount: '1'.repeat(31) }, ['brokerAccount:brokerAccount']],
    ['an account with hyphens and letters', { brokerAccount: 'HK-0012-34' }, []],
    ['no stocks', { stocks: [] }, ['stocks:noStocks']],
    ['stocks not a list', { stocks: 'x' }, ['stocks:noStocks']],
    ['a bad code', { stocks: [{ market: 'HK', code: 'ABC', quantity: 1 }] }, ['stocks.0.code:stockCode']],
    ['a zero quantity', { stocks: [{ market: 'HK', code: '5', quantity: 0 }] }, ['stocks.0.quantity:quantity']],
    ['a fractional quantity', { stocks: [{ market: 'HK', code: '5', quantity: 10.5 }] }, ['stocks.0.quantity:quantity']],
    ['another market', { stocks: [{ market: 'US', code: '5', quantity: 1 }] }, ['stocks.0.market:market']],
    [
      'the same stock twice (written differently)',
      { stocks: [{ market: 'HK', code: '700', quantity: 1 }, { market: 'HK', code: '00700', quantity: 2 }] },
      ['stocks.1.code:duplicateStock'],
    ],
    ['a line that is not an object', { stocks: [null] }, ['stocks.0.market:market', 'stocks.0.code:required', 'stocks.0.quantity:required']],
  ])('%s', (_name, over, expected) => expect(issuesOf(over)).toEqual(expected));

  test(`at most ${MAX_TRANSFER_IN_STOCKS} stocks`, () => {
    const line = (i: number) => ({ market: 'HK', code: String(i + 1), quantity: 100 });
    expect(issuesOf({ stocks: Array.from({ length: MAX_TRANSFER_IN_STOCKS }, (_, i) => line(i)) })).toEqual([]);
    expect(issuesOf({ stocks: Array.from({ length: MAX_TRANSFER_IN_STOCKS + 1 }, (_, i) => line(i)) })).toEqual(['stocks:tooManyStocks']);
  });

  test('not an object at all', () => {
    expect(transferInIssues(null).map((i) => `${i.field}:${i.rule}`)).toEqual(['broker:required', 'brokerAccount:required', 'stocks:noStocks']);
  });

  test('kept normalised: trimmed, codes padded, the CCASS ID in capitals, the other fields only for other', () => {
    expect(normalizeTransferIn({ ...valid, brokerName: 'x', ccassId: 'b1', brokerAccount: ' 123 ' })).toEqual({
      broker: 21,
      brokerAccount: '123',
      stocks: [{ market: 'HK', code: '00700', quantity: 1000 }],
    });
    expect(normalizeTransferIn({ ...valid, broker: BROKER_OTHER, brokerName: ' ABC Securities ', ccassId: ' b01234 ' })).toMatchObject({
      broker: BROKER_OTHER,
      brokerName: 'ABC Securities',
      ccassId: 'B01234',
    });
    expect(normalizeTransferIn({ ...valid, broker: BROKER_OTHER, brokerName: 'ABC', ccassId: '  ' })).not.toHaveProperty('ccassId');
  });

  test('every broker offered is in the broker list, other last', () => {
    for (const code of TRANSFER_IN_BROKERS) expect(BROKERS.some((b) => b.code === code)).toBe(true);
    expect(TRANSFER_IN_BROKERS[TRANSFER_IN_BROKERS.length - 1]).toBe(BROKER_OTHER);
    expect(new Set(TRANSFER_IN_BROKERS).size).toBe(TRANSFER_IN_BROKERS.length);
  });

  test("the broker's name: the list's in each language, the typed one for other", () => {
    expect(transferInBrokerName({ broker: 21 }, 'en')).toBe('Futu Securities International');
    expect(transferInBrokerName({ broker: 21 }, 'zh-CN')).toBe('富途证券');
    expect(transferInBrokerName({ broker: 21 }, 'zh-TW')).toBe('富途證券');
    expect(transferInBrokerName({ broker: BROKER_OTHER, brokerName: 'ABC Securities' }, 'zh-CN')).toBe('ABC Securities');
  });
});

describe('the box to tick before signing or sending', () => {
  test.each([
    ['ticked', true, []],
    ['not ticked', false, ['agreed:mustTick']],
  ])('%s', (_name, agreed, expected) => expect(transferAgreementIssues({ agreed }).map((i) => `${i.field}:${i.rule}`)).toEqual(expected));
});

describe('statuses', () => {
  test.each([
    [1, 3, true],
    [1, 5, true],
    [1, 2, true],
    [1, 4, true],
    [3, 5, true],
    [3, 2, true],
    [3, 4, true],
    [1, 1, false],
    [3, 1, false],
    [3, 3, false],
    [5, 2, false],
    [2, 5, false],
    [4, 1, false],
    [1, 6, false],
  ])('%p → %p: %p', (from, to, ok) => expect(canMoveTransferIn(from, to)).toBe(ok));

  test('failures need a message; open, names and tones', () => {
    expect([1, 2, 3, 4, 5].map(transferInNeedsMessage)).toEqual([false, true, false, true, false]);
    expect([1, 2, 3, 4, 5].map(isTransferInOpen)).toEqual([true, false, true, false, false]);
    expect([1, 2, 3, 4, 5].map(transferInStatusName)).toEqual(['requested', 'failed', 'confirming', 'refused', 'done']);
    expect([1, 2, 3, 4, 5].map(transferInTone)).toEqual(['progress', 'failure', 'progress', 'failure', 'success']);
  });
});

describe('who may file a request', () => {
  test.each<[string, { applyStatus: number; clientStatus: number; subAcctId?: string | null }, number, string]>([
    ['opened, signed', { applyStatus: 4000, clientStatus: 31, subAcctId: 'S12345678' }, 2, 'ready'],
    ['opened, offered', { applyStatus: 4000, clientStatus: 31, subAcctId: 'S12345678' }, 1, 'unsigned'],
    ['opened, not offered', { applyStatus: 4000, clientStatus: 31, subAcctId: 'S12345678' }, 0, 'notOffered'],
    ['under review, signed', { applyStatus: 1200, clientStatus: 33 }, 2, 'notOpened'],
    ['approved, not opened yet', { applyStatus: 3000, clientStatus: 33 }, 2, 'notOpened'],
    ['still filling in', { applyStatus: 1100, clientStatus: 33 }, 2, 'notOpened'],
    ['sent back', { applyStatus: 1900, clientStatus: 33 }, 2, 'notOpened'],
    ['closed', { applyStatus: 5000, clientStatus: 33 }, 2, 'closed'],
    ['client status 31 counts as opened', { applyStatus: 3000, clientStatus: 31 }, 2, 'ready'],
    ['a sub-account counts as opened', { applyStatus: 1200, clientStatus: 33, subAcctId: 'S1' }, 1, 'unsigned'],
  ])('%s', (_name, app, protocol, expected) => expect(transferInAvailability(app, protocol)).toBe(expected));

  test.each<[string, { applyStatus: number; clientStatus: number }, number, string]>([
    ['offered', { applyStatus: 4000, clientStatus: 31 }, 1, 'signable'],
    ['offered while filling in', { applyStatus: 1000, clientStatus: 33 }, 1, 'signable'],
    ['signed', { applyStatus: 4000, clientStatus: 31 }, 2, 'signed'],
    ['not offered', { applyStatus: 4000, clientStatus: 31 }, 0, 'notOffered'],
    ['closed', { applyStatus: 5000, clientStatus: 33 }, 1, 'closed'],
  ])('the agreement: %s', (_name, app, protocol, expected) => expect(assetTransferSignable(app, protocol)).toBe(expected));
});
