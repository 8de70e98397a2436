/**
 * Start on a computer, finish on the phone (issue 41): the computer's session makes a QR token and a short code; the
 * phone redeems one of them once, gets its own session of the same user and the route; a replay, an expired or
 * cancelled hand-off, one whose computer logged out, and an unknown token or code are refused with 152501 and why;
 * the computer follows its hand-off and the application's progress; another session cannot see or end it.
 */
import { ErrorCode, HANDOFF_CODE_ALPHABET, HANDOFF_TTL_S, STEP_ROUTE, formatHandoffCode } from '@core/domain';
import { createTestApp, MINUTE, TestClient, type CallResult, type TestApp } from './helpers';
import { phoneOf, saveStep, startApp, stepUser, validStepData } from './step-fixtures';

let t: TestApp;
let user: () => Promise<TestClient>;
const errorOf = (res: CallResult) => res.body.error?.code;
const reasonOf = (res: CallResult) => res.body.error?.data?.reason;
const phone = () => TestClient.handshake(t.app, t.clock);

beforeAll(async () => {
  t = await createTestApp();
  user = stepUser(t, '936', { start: 10000 });
}, 60_000);
afterAll(() => t.close());

async function made(c: TestClient, route = STEP_ROUTE.USERINFO) {
  const res = await c.call('handoffCreate', { route });
  expect(res.body.error).toBeUndefined();
  return res.body.result as { id: string; token: string; code: string; expiresInSeconds: number };
}

describe('making a hand-off', () => {
  test('a token of 43 characters, a six-character code of the alphabet without look-alikes, five minutes', async () => {
    const c = await user();
    const h = await made(c);
    expect(h.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect([...h.code].every((ch) => HANDOFF_CODE_ALPHABET.includes(ch))).toBe(true);
    expect(h.code).toHaveLength(6);
    expect(h.expiresInSeconds).toBe(HANDOFF_TTL_S);
    // nothing of the token or the code is kept in clear
    const { rows } = await t.db.query<Record<string, unknown>>('SELECT * FROM handoffs WHERE id = $1', [h.id]);
    expect(JSON.stringify(rows[0])).not.toContain(h.token);
    expect(JSON.stringify(rows[0])).not.toContain(h.code);
  });

  test('two at once from one session (two tabs): only one stays alive', async () => {
    const c = await user();
    const [a, b] = await Promise.all([made(c), made(c)]);
    const states = [(await c.call('handoffStatus', { id: a.id })).body.result.state, (await c.call('handoffStatus', { id: b.id })).body.result.state];
    expect(states.sort()).toEqual(['cancelled', 'waiting']);
  });

  test('a route outside the flow, or no session, is refused', async () => {
    const c = await user();
    expect(errorOf(await c.call('handoffCreate', { route: 'https://evil.example/' }))).toBe(ErrorCode.INVALID_INPUT);
    expect(errorOf(await (await phone()).call('handoffCreate', { route: STEP_ROUTE.USERINFO }))).toBe(ErrorCode.LOGIN_EXPIRED);
  });
});

describe('the phone asks whose it is first', () => {
  test("the owner's masked phone, and nothing used up; the same refusals as redeeming", async () => {
    const c = await user();
    const h = await made(c);
    const p = await phone();
    const peek = await p.call('handoffPeek', { token: h.token });
    expect(peek.body.result).toEqual({ areaCode: '852', phoneMasked: expect.stringMatching(/^\d{2,4}\*+\d{2,4}$/) });
    expect(peek.body.result.phoneMasked).not.toContain(phoneOf(c).slice(-6));
    expect((await p.call('handoffPeek', { code: h.code })).body.error).toBeUndefined();
    expect(p.cookie).toBeUndefined();
    expect((await c.call('handoffStatus', { id: h.id })).body.result.state).toBe('waiting');
    expect((await p.call('handoffRedeem', { token: h.token })).body.error).toBeUndefined();
    const after = await (await phone()).call('handoffPeek', { token: h.token });
    expect([errorOf(after), reasonOf(after)]).toEqual([ErrorCode.HANDOFF_INVALID, 'used']);
    const unknown = await (await phone()).call('handoffPeek', { code: 'ZZZZZZ' });
    expect([errorOf(unknown), reasonOf(unknown)]).toEqual([ErrorCode.HANDOFF_INVALID, 'invalid']);
  });
});

describe('the phone redeems it', () => {
  test('by the QR link: a session of its own for the same user, the route, and the computer sees it opened', async () => {
    const c = await user();
    const appId = await startApp(c, 2);
    const h = await made(c, STEP_ROUTE.HK_IDCARD);
    expect((await c.call('handoffStatus', { id: h.id })).body.result).toMatchObject({ state: 'waiting', openedAt: null, progress: { latestStep: null, submitted: false } });

    const p = await phone();
    const res = await p.call('handoffRedeem', { token: h.token });
    expect(res.body.error).toBeUndefined();
    expect(res.body.result.route).toBe(STEP_ROUTE.HK_IDCARD);
    expect(res.body.result.user.userId).toBe(c.user?.userId ?? (await c.call('userInfo')).body.result.userId);
    expect(p.cookie).toBeDefined();
    expect(p.cookie).not.toBe(c.cookie);
    // the phone works on the same application, and the computer's session goes on
    expect((await p.call('applyDetail')).body.result.appId).toBe(appId);
    expect((await c.call('userInfo')).body.error).toBeUndefined();

    const s = (await c.call('handoffStatus', { id: h.id })).body.result;
    expect(s.state).toBe('opened');
    expect(s.openedAt).toBe(new Date(t.clock.now()).toISOString());

    // the computer follows what the phone saves
    const step = 'HK_IDCARD';
    expect((await saveStep(p, appId, step, await validStepData(p, step, appId))).body.error).toBeUndefined();
    expect((await c.call('handoffStatus', { id: h.id })).body.result.progress).toMatchObject({ latestStep: step, submitted: false });
  });

  test('by the short code as typed: lower case, with a space or a dash between the groups', async () => {
    const c = await user();
    for (const typed of [(x: string) => x.toLowerCase(), formatHandoffCode, (x: string) => `${x.slice(0, 3)}-${x.slice(3)}`]) {
      const h = await made(c);
      const res = await (await phone()).call('handoffRedeem', { code: typed(h.code) });
      expect([typed(h.code), res.body.error]).toEqual([typed(h.code), undefined]);
    }
  });

  test('replayed, by the link or the code: used', async () => {
    const c = await user();
    const h = await made(c);
    expect((await (await phone()).call('handoffRedeem', { token: h.token })).body.error).toBeUndefined();
    const again = await (await phone()).call('handoffRedeem', { token: h.token });
    expect([errorOf(again), reasonOf(again)]).toEqual([ErrorCode.HANDOFF_INVALID, 'used']);
    const byCode = await (await phone()).call('handoffRedeem', { code: h.code });
    expect([errorOf(byCode), reasonOf(byCode)]).toEqual([ErrorCode.HANDOFF_INVALID, 'used']);
  });

  test('two phones at once with the same link: one session, the other used', async () => {
    const c = await user();
    const h = await made(c);
    const [a, b] = await Promise.all([phone(), phone()]);
    const answers = await Promise.all([a.call('handoffRedeem', { token: h.token }), b.call('handoffRedeem', { token: h.token })]);
    expect(answers.map((r) => reasonOf(r) ?? 'ok').sort()).toEqual(['ok', 'used']);
  });

  test('after five minutes: expired; the computer sees it expired', async () => {
    const c = await user();
    const h = await made(c);
    t.clock.advance(HANDOFF_TTL_S * 1000);
    const res = await (await phone()).call('handoffRedeem', { token: h.token });
    expect([errorOf(res), reasonOf(res)]).toEqual([ErrorCode.HANDOFF_INVALID, 'expired']);
    expect((await c.call('handoffStatus', { id: h.id })).body.result).toMatchObject({ state: 'expired', expiresInSeconds: 0 });
  });

  test('bound to the computer that made it: after its logout the code no longer works', async () => {
    const c = await user();
    const h = await made(c);
    await c.call('logout');
    const res = await (await phone()).call('handoffRedeem', { code: h.code });
    expect([errorOf(res), reasonOf(res)]).toEqual([ErrorCode.HANDOFF_INVALID, 'expired']);
  });

  test("a database failure while the phone's session is made gives the code back: the phone's try again works", async () => {
    const c = await user();
    const h = await made(c);
    const p = await phone();
    const insert = jest.spyOn(t.db, 'transaction').mockRejectedValueOnce(new Error('Connection terminated unexpectedly'));
    try {
      const failed = await p.call('handoffRedeem', { token: h.token });
      expect(failed.status).toBe(503);
    } finally {
      insert.mockRestore();
    }
    expect((await p.call('handoffRedeem', { token: h.token })).body.error).toBeUndefined();
  });

  test('a newer hand-off, or the card closed on the computer, ends the earlier one', async () => {
    const c = await user();
    const first = await made(c);
    const second = await made(c);
    expect(reasonOf(await (await phone()).call('handoffRedeem', { token: first.token }))).toBe('expired');
    expect((await c.call('handoffStatus', { id: first.id })).body.result.state).toBe('cancelled');
    expect((await c.call('handoffCancel', { id: second.id })).body.error).toBeUndefined();
    expect(reasonOf(await (await phone()).call('handoffRedeem', { code: second.code }))).toBe('expired');
  });

  test('an unknown or malformed token or code, or both or neither: refused, and nobody is logged in', async () => {
    const c = await user();
    const h = await made(c);
    const p = await phone();
    for (const req of [{ token: h.token.slice(1) + 'A' }, { token: 'short' }, { code: 'ABCDE0' }, { code: 'A' }]) {
      const res = await p.call('handoffRedeem', req);
      expect([req, errorOf(res), reasonOf(res)]).toEqual([req, ErrorCode.HANDOFF_INVALID, 'invalid']);
    }
    expect(errorOf(await p.call('handoffRedeem', { token: h.token, code: h.code }))).toBe(ErrorCode.INVALID_INPUT);
    expect(errorOf(await p.call('handoffRedeem', {}))).toBe(ErrorCode.INVALID_INPUT);
    expect(p.cookie).toBeUndefined();
    // the hand-off itself is still good
    expect((await p.call('handoffRedeem', { token: h.token })).body.error).toBeUndefined();
  });

  test('guessing codes is held to 20 codes (asked about and redeemed) in 10 minutes an address (100429)', async () => {
    t.clock.advance(11 * MINUTE);
    const p = await phone();
    const codes: (number | undefined)[] = [];
    for (let i = 0; i < 20; i++) {
      codes.push(errorOf(await p.call('handoffPeek', { code: 'ZZZZZZ' })));
      codes.push(errorOf(await p.call('handoffRedeem', { code: 'ZZZZZZ' })));
    }
    expect(codes.every((c) => c === ErrorCode.HANDOFF_INVALID)).toBe(true);
    expect(errorOf(await p.call('handoffPeek', { code: 'ZZZZZZ' }))).toBe(ErrorCode.RATE_LIMITED);
    t.clock.advance(11 * MINUTE);
  });
});

describe("another session's hand-off", () => {
  test('cannot be followed or ended, not even by the same user on another device (100403)', async () => {
    const c = await user();
    const h = await made(c);
    const p = await phone();
    await p.call('handoffRedeem', { token: (await made(c)).token });
    expect(errorOf(await p.call('handoffStatus', { id: h.id }))).toBe(ErrorCode.FORBIDDEN);
    expect(errorOf(await p.call('handoffCancel', { id: h.id }))).toBe(ErrorCode.FORBIDDEN);
    const other = await user();
    expect(errorOf(await other.call('handoffStatus', { id: h.id }))).toBe(ErrorCode.FORBIDDEN);
  });
});
