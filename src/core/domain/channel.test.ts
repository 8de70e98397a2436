import { channelChange, checkChannelChange, entryChannelOf, isAeCode, isChannel, showsAppBanner } from './channel';

test.each([
  ['B1', true],
  ['W090-A', true],
  ['A'.repeat(16), true],
  ['A'.repeat(17), false],
  ['-A1', false],
  ['b1', false],
  ['', false],
  ['B 1', false],
  ['B1<', false],
])('agent code %p → %p', (v, ok) => expect(isAeCode(v)).toBe(ok));

test.each([
  ['fund', true],
  ['wechat_2024', true],
  ['a'.repeat(32), true],
  ['a'.repeat(33), false],
  ['_x', false],
  ['', false],
  ['x y', false],
  ['渠道', false],
])('channel %p → %p', (v, ok) => expect(isChannel(v)).toBe(ok));

test('entry values are trimmed and upper-cased; malformed ones count as absent', () => {
  expect(entryChannelOf(' w090-a ', ' fund ')).toEqual({ aeCode: 'W090-A', channel: 'fund' });
  expect(entryChannelOf('bad code!', '')).toEqual({ aeCode: null, channel: null });
  expect(entryChannelOf(null, undefined)).toEqual({ aeCode: null, channel: null });
});

describe('channel change before submit', () => {
  const stored = { aeCode: 'B1', channel: 'fund' };
  test.each([
    ['same values: nothing', { aeCode: 'B1', channel: 'fund' }, null],
    ['nothing in the entry: nothing', { aeCode: null, channel: null }, null],
    ['a new agent code', { aeCode: 'W090-A', channel: null }, { aeCode: 'W090-A' }],
    ['a new channel', { aeCode: 'B1', channel: 'web' }, { channel: 'web' }],
    ['both', { aeCode: 'C2', channel: 'web' }, { aeCode: 'C2', channel: 'web' }],
  ] as const)('%s', (_n, entry, change) => {
    expect(channelChange(stored, entry)).toEqual(change);
  });
  test('nothing stored: the entry values are a change', () => {
    expect(channelChange({ aeCode: null, channel: null }, { aeCode: 'B1', channel: null })).toEqual({ aeCode: 'B1' });
  });
});

describe("the service's check", () => {
  const stored = { aeCode: 'B1', channel: 'fund' };
  test.each([
    ['no values', {}, true, {}],
    ['the stored values again', { aeCode: 'B1', channel: 'fund' }, true, {}],
    ['a new agent code', { aeCode: 'W090-A' }, true, { aeCode: 'W090-A' }],
    ['a new channel', { channel: 'web' }, true, { channel: 'web' }],
    ['a malformed agent code', { aeCode: 'w090 a' }, true, 'invalid'],
    ['an empty channel', { channel: '' }, true, 'invalid'],
  ] as const)('%s', (_n, req, _allowed, result) => {
    expect(checkChannelChange(stored, req)).toEqual(result);
  });
});

describe('the "get the app" banner', () => {
  it.each([
    ['a plain browser, no agent', false, null, true],
    ['a plain browser, another agent', false, 'B1', true],
    ['inside the app', true, null, false],
    ['agent W090-A', false, 'W090-A', false],
    ['agent W090-D, lower case', false, 'w090-d', false],
    ['agent W090-E', false, 'W090-E', true],
    ['agent W090', false, 'W090', true],
  ])('%s', (_n, inApp, aeCode, shown) => {
    expect(showsAppBanner({ inApp, aeCode })).toBe(shown);
  });
});
