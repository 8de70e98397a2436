import { formatHandoffCode, handoffPollMs, handoffReasonOf, isHandoffCode, isHandoffRoute, isMobileBrowser, normaliseHandoffCode, phoneStepOf } from './handoff';

const UA = {
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  android: 'Mozilla/5.0 (Linux; Android 14; SM-A146P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  harmony: 'Mozilla/5.0 (Phone; OpenHarmony 4.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Safari/537.36 ArkWeb/4.1.6.1 Mobile HuaweiBrowser/5.0.4.300',
  ipadAsMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  linux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};

test.each([
  [UA.iphone, 5, true],
  [UA.android, 5, true],
  [UA.harmony, 5, true],
  [UA.ipadAsMac, 5, true],
  [UA.ipadAsMac, 0, false],
  [UA.windows, 0, false],
  [UA.windows, 10, false],
  [UA.linux, 0, false],
])('isMobileBrowser(%s, %d) = %s', (ua, touch, mobile) => {
  expect(isMobileBrowser(ua, touch)).toBe(mobile);
});

test.each([
  ['K7M4QX', 'K7M4QX', true],
  ['k7m 4qx', 'K7M4QX', true],
  [' K7M-4QX ', 'K7M4QX', true],
  ['K7M4Q', 'K7M4Q', false],
  ['K7M4QXX', 'K7M4QXX', false],
  // look-alikes are not in the alphabet: 0, O, 1, I, L
  ['K7M4Q0', 'K7M4Q0', false],
  ['K7M4QO', 'K7M4QO', false],
  ['K7M4Q1', 'K7M4Q1', false],
  ['K7M4QI', 'K7M4QI', false],
  ['K7M4QL', 'K7M4QL', false],
  ['K7M4Q!', 'K7M4Q!', false],
])('the typed code %j is %j, a code: %s', (typed, normal, ok) => {
  expect(normaliseHandoffCode(typed)).toBe(normal);
  expect(isHandoffCode(normaliseHandoffCode(typed))).toBe(ok);
});

test('a code is shown in two groups of three', () => {
  expect(formatHandoffCode('K7M4QX')).toBe('K7M 4QX');
});

test.each([
  ['/account', true],
  ['/IDcard', true],
  ['/livingWitness', true],
  ['/openStatus', true],
  ['/idcard', false],
  ['/login', false],
  ['/handoff', false],
  ['https://evil.example/', false],
])('the route %s can be handed to the phone: %s', (route, ok) => {
  expect(isHandoffRoute(route)).toBe(ok);
});

test.each([
  [{ steps: [], latestStep: null, submitted: false }, null],
  [{ steps: ['HK_IDCARD', 'USERINFO', 'PROOFADDRESS'], latestStep: null, submitted: false }, 'HK_IDCARD'],
  [{ steps: ['HK_IDCARD', 'USERINFO', 'PROOFADDRESS'], latestStep: 'HK_IDCARD', submitted: false }, 'USERINFO'],
  [{ steps: ['HK_IDCARD', 'USERINFO', 'PROOFADDRESS'], latestStep: 'PROOFADDRESS', submitted: false }, 'PROOFADDRESS'],
  [{ steps: ['HK_IDCARD', 'USERINFO'], latestStep: 'NOT_A_STEP', submitted: false }, 'HK_IDCARD'],
])('the phone is at the step after the latest saved: %j → %s', (progress, step) => {
  expect(phoneStepOf(progress)).toBe(step);
});

test.each([
  [{ reason: 'used' }, 'used'],
  [{ reason: 'expired' }, 'expired'],
  [{ reason: 'other' }, 'invalid'],
  [null, 'invalid'],
  ['used', 'invalid'],
])('the refusal %j reads as %s', (data, reason) => {
  expect(handoffReasonOf(data)).toBe(reason);
});

describe('how often the computer asks (handoffPollMs)', () => {
  const NOW = Date.parse('2026-12-06T08:00:00.000Z');
  const at = (minutesAgo: number) => new Date(NOW - minutesAgo * 60_000).toISOString();
  const progress = (submitted: boolean) => ({ steps: ['HK_IDCARD', 'USERINFO'], latestStep: 'HK_IDCARD', submitted });
  test.each([
    ['before the first answer', undefined, 2000],
    ['waiting for the phone', { state: 'waiting' as const, openedAt: null, progress: null }, 2000],
    ['following the phone', { state: 'opened' as const, openedAt: at(5), progress: progress(false) }, 2000],
    ['just under 30 minutes after it opened', { state: 'opened' as const, openedAt: at(29.9), progress: progress(false) }, 2000],
    ['30 minutes after it opened', { state: 'opened' as const, openedAt: at(30), progress: progress(false) }, false],
    ['submitted on the phone', { state: 'opened' as const, openedAt: at(5), progress: progress(true) }, false],
    ['the code expired', { state: 'expired' as const, openedAt: null, progress: null }, false],
    ['the code ended', { state: 'cancelled' as const, openedAt: null, progress: null }, false],
  ])('%s: %s', (_what, d, ms) => {
    expect(handoffPollMs(d, NOW)).toBe(ms);
  });
});
