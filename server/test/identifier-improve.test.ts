/**
 * The after-opening pages of their own (issue 13): the app's page ticket logs the account's owner in once; the HKIDR
 * consent shows the data to be sent and is signed once per client with a BCAN; the broker's improve-info request is
 * answered by the domain's rules and closes. Another client's account is 100403 everywhere.
 */
import { ErrorCode, HKIDR_CONSENT, STEPS_OF, type AccountView, type StepName } from '@core/domain';
import { approve } from '../src/modules/applications/lifecycle';
import { listImprove, requestImprove, showImprove, withdrawImprove } from '../src/modules/improve-info/service';
import { signPageTicket } from '../src/modules/page-tickets/service';
import { signTradeTicket } from '../src/modules/trade-password/service';
import { signAppToken } from '../src/vendors/app-token';
import { createTestApp, type CallResult, type TestApp, type TestClient } from './helpers';
import { phoneOf, saveStep, stepUser, uploadRef, validStepData } from './step-fixtures';

let t: TestApp;
let user: () => Promise<TestClient>;
const errorOf = (res: CallResult) => res.body.error?.code;
const reasonOf = (res: CallResult) => res.body.error?.data?.reason;
const issuesOf = (res: CallResult) => (res.body.error?.data?.issues ?? []).map((i: { path: string; message: string }) => `${i.path}:${i.message}`);
const deps = () => ({ db: t.db, clock: t.clock });

async function opened(): Promise<{ c: TestClient; acct: AccountView }> {
  const c = await user();
  const appId = (await c.call('applyStart', { oaType: 2 })).body.result.appId as string;
  for (const s of STEPS_OF.hk as readonly StepName[]) {
    const res = await saveStep(c, appId, s, await validStepData(c, s, appId));
    expect([s, res.body.error]).toEqual([s, undefined]);
  }
  expect(errorOf(await c.call('applySubmit', { appId }))).toBeUndefined();
  await approve(deps(), appId);
  const acct = (await c.call('userInfo')).body.result.clientInfo.accts[0] as AccountView;
  return { c, acct };
}

let a: { c: TestClient; acct: AccountView };
let b: { c: TestClient; acct: AccountView };

beforeAll(async () => {
  t = await createTestApp();
  user = stepUser(t, '934', { start: 40000 });
  a = await opened();
  b = await opened();
}, 120_000);
afterAll(() => t.close());

const sign = (c: TestClient, subAcctId: string, over: Record<string, unknown> = {}) => c.call('hkIdentifierSign', { subAcctId, version: HKIDR_CONSENT.version, lang: 'en', agreed: true, ...over });

describe('the HK investor identifier consent', () => {
  test('before signing: to sign, the HK identity card of the opening with its number masked, no consent', async () => {
    const r = (await a.c.call('hkIdentifierInfo', { subAcctId: a.acct.subAcctId })).body.result;
    expect(r).toEqual({
      needSignHKIdentifier: 1,
      consentVersion: HKIDR_CONSENT.version,
      identification: { englishName: 'CHAN TAI MAN', chineseName: '陳大文', idType: 'HKID', idNumberMasked: expect.stringMatching(/^K\d\*{4}\d\w$/), issuingCountry: 'HK' },
      consent: null,
    });
  });

  test("another client's account is 100403 on both calls", async () => {
    expect(errorOf(await b.c.call('hkIdentifierInfo', { subAcctId: a.acct.subAcctId }))).toBe(ErrorCode.FORBIDDEN);
    expect(errorOf(await sign(b.c, a.acct.subAcctId))).toBe(ErrorCode.FORBIDDEN);
    expect(errorOf(await sign(b.c, 'S99999999'))).toBe(ErrorCode.FORBIDDEN);
  });

  test('an unticked box, an unknown language or another version is refused and signs nothing', async () => {
    expect(errorOf(await sign(a.c, a.acct.subAcctId, { agreed: false }))).toBe(ErrorCode.INVALID_INPUT);
    expect(errorOf(await sign(a.c, a.acct.subAcctId, { lang: 'fr' }))).toBe(ErrorCode.INVALID_INPUT);
    const old = await sign(a.c, a.acct.subAcctId, { version: '2020-01' });
    expect([errorOf(old), old.body.error?.data]).toEqual([ErrorCode.CONSENT_VERSION, { version: HKIDR_CONSENT.version }]);
    expect((await a.c.call('hkIdentifierInfo', { subAcctId: a.acct.subAcctId })).body.result.needSignHKIdentifier).toBe(1);
  });

  test('signed on the web: a BCAN, the account signed (UserInfo too), the text recorded by its hash, audited; a second signature is 152202', async () => {
    const res = await sign(a.c, a.acct.subAcctId, { lang: 'zh-TW' });
    expect(res.body.result).toEqual({ needSignHKIdentifier: 2, bcan: expect.stringMatching(/^\d{9,10}$/), signedAt: new Date(t.clock.now()).toISOString() });
    const info = (await a.c.call('hkIdentifierInfo', { subAcctId: a.acct.subAcctId })).body.result;
    expect(info.consent).toEqual({ version: HKIDR_CONSENT.version, lang: 'zh-TW', signedAt: res.body.result.signedAt, bcan: res.body.result.bcan, channel: 'web' });
    expect((await a.c.call('userInfo')).body.result.clientInfo.accts[0].extra).toEqual({ needSignHKIdentifier: 2 });
    const { rows } = await t.db.query<{ text_sha256: string }>('SELECT text_sha256 FROM hk_identifier_consents WHERE clt_id = $1', [a.acct.hlId]);
    expect(rows[0].text_sha256).toMatch(/^[0-9a-f]{64}$/);
    const audit = await t.db.query<{ detail: Record<string, unknown> }>("SELECT detail FROM audit_log WHERE action = 'account.hkIdentifier.sign' AND user_id IS NOT NULL ORDER BY id DESC LIMIT 1");
    expect(audit.rows[0].detail).toEqual(expect.objectContaining({ subAcctId: a.acct.subAcctId, bcan: res.body.result.bcan, channel: 'web' }));
    expect(errorOf(await sign(a.c, a.acct.subAcctId))).toBe(ErrorCode.HK_IDENTIFIER_SIGNED);
  });
});

describe("the app's page ticket", () => {
  const secret = () => t.config.secrets.appTokenSecret;

  test('logs the account owner in on a new browser (once); signing then counts as in the app; another session with the same ticket is refused (used)', async () => {
    const ticket = signPageTicket(secret(), { subAcctId: b.acct.subAcctId, page: 'hkIdentifier' }, t.clock.now());
    const app = await t.handshake();
    const r = await app.call('pageTicketLogin', { ticket, page: 'hkIdentifier' });
    expect(r.body.result).toEqual({ user: expect.objectContaining({ clientInfo: { accts: [expect.objectContaining({ subAcctId: b.acct.subAcctId })] } }), subAcctId: b.acct.subAcctId });
    // the same session again is fine (a reload); another session is not
    expect(errorOf(await app.call('pageTicketLogin', { ticket, page: 'hkIdentifier' }))).toBeUndefined();
    const thief = await t.handshake();
    const stolen = await thief.call('pageTicketLogin', { ticket, page: 'hkIdentifier' });
    expect([errorOf(stolen), reasonOf(stolen)]).toEqual([ErrorCode.PAGE_TICKET_INVALID, 'used']);
    expect(errorOf(await thief.call('userInfo'))).toBe(ErrorCode.LOGIN_EXPIRED);
    expect((await sign(app, b.acct.subAcctId)).body.result.needSignHKIdentifier).toBe(2);
    expect((await app.call('hkIdentifierInfo', { subAcctId: b.acct.subAcctId })).body.result.consent.channel).toBe('app');
  });

  test("the owner's own session is kept (no new session)", async () => {
    const c = await t.login(phoneOf(a.c));
    const before = c.cookie;
    const ticket = signPageTicket(secret(), { subAcctId: a.acct.subAcctId, page: 'improveInfo' }, t.clock.now());
    expect((await c.call('pageTicketLogin', { ticket, page: 'improveInfo' })).body.result.subAcctId).toBe(a.acct.subAcctId);
    expect(c.cookie).toBe(before);
  });

  test('expired, forged, for the other page, too long-lived, for an unknown account, a trade ticket or a login token: 152201 with its reason', async () => {
    const now = t.clock.now();
    const sub = a.acct.subAcctId;
    const cases: [string, string][] = [
      [signPageTicket(secret(), { subAcctId: sub, page: 'hkIdentifier' }, now - 301_000), 'expired'],
      [signPageTicket('y'.repeat(32), { subAcctId: sub, page: 'hkIdentifier' }, now), 'invalid'],
      [signPageTicket(secret(), { subAcctId: sub, page: 'improveInfo' }, now), 'invalid'],
      [signPageTicket(secret(), { subAcctId: sub, page: 'hkIdentifier' }, now, 3600), 'invalid'],
      [signPageTicket(secret(), { subAcctId: 'S00000001', page: 'hkIdentifier' }, now), 'invalid'],
      [signTradeTicket(secret(), sub, now), 'invalid'],
      [signAppToken(secret(), { phone: '61234567', areaCode: '852', subAcctId: sub, exp: Math.floor(now / 1000) + 60 }), 'invalid'],
      ['not.a-ticket-at-all', 'invalid'],
    ];
    for (const [ticket, reason] of cases) {
      const c = await t.handshake();
      const res = await c.call('pageTicketLogin', { ticket, page: 'hkIdentifier' });
      expect([ticket, errorOf(res), reasonOf(res)]).toEqual([ticket, ErrorCode.PAGE_TICKET_INVALID, reason]);
      expect(c.cookie).toBeUndefined();
    }
  });
});

describe("the broker's improve-info request", () => {
  let requestId: string;
  const employment = { employment: '1', companyName: 'Kowloon Bay Logistics Limited', officeAddress: '8 Sheung Yuet Road, Kowloon Bay', industry: '51', position: '3' };
  const answers = async (c: TestClient, over: Record<string, unknown> = {}) => ({
    employment,
    funds: { fundsSource: '1,2', wealthSource: '1,6', wealthDetail: 'A flat sold in 2021' },
    taxResidency: { rows: [{ countryCode: 'HK', taxNumber: 'K1234567' }, { countryCode: 'GB', taxNumber: 'AB123456C' }], confirmed: true },
    idDocument: { files: [await uploadRef(c, 'UserInfo')], validUntil: '2031-03-31' },
    ...over,
  });
  const submit = (c: TestClient, body: Record<string, unknown>) => c.call('improveInfoSubmit', { subAcctId: a.acct.subAcctId, requestId, ...body });

  test('none open: the detail says so, with what is on file; the account home shows no card', async () => {
    const r = (await a.c.call('improveInfoDetail', { subAcctId: a.acct.subAcctId })).body.result;
    expect(r.request).toBeNull();
    expect(r.context).toEqual({ clientType: 'hk', birthday: '1990-05-04', employment: '1' });
    expect(r.prefill.employment).toEqual(expect.objectContaining({ employment: '1', companyName: expect.any(String) }));
    expect((await a.c.call('userInfo')).body.result.clientInfo.accts[0].improveInfoOpen).toBe(false);
  });

  test('staff open one (one at a time, known items only): the client sees its items and the card', async () => {
    await expect(requestImprove(deps(), 'S00000001', ['funds'], null)).rejects.toThrow(/no account/);
    const r = await requestImprove(deps(), a.acct.subAcctId, ['idDocument', 'employment', 'taxResidency', 'funds'], 'Our yearly review: please check your details.');
    requestId = r.requestId;
    expect(r.items).toEqual(['employment', 'funds', 'taxResidency', 'idDocument']);
    await expect(requestImprove(deps(), a.acct.subAcctId, ['funds'], null)).rejects.toThrow(/open request/);
    const d = (await a.c.call('improveInfoDetail', { subAcctId: a.acct.subAcctId })).body.result;
    expect(d.request).toEqual({ requestId, items: ['employment', 'funds', 'taxResidency', 'idDocument'], message: 'Our yearly review: please check your details.', createdAt: expect.any(String) });
    expect((await a.c.call('userInfo')).body.result.clientInfo.accts[0].improveInfoOpen).toBe(true);
    expect((await listImprove(deps(), { openOnly: true })).map((x) => x.requestId)).toContain(requestId);
  });

  test("another client's account or request is 100403", async () => {
    expect(errorOf(await b.c.call('improveInfoDetail', { subAcctId: a.acct.subAcctId }))).toBe(ErrorCode.FORBIDDEN);
    expect(errorOf(await b.c.call('improveInfoSubmit', { subAcctId: a.acct.subAcctId, requestId, answers: await answers(b.c) }))).toBe(ErrorCode.FORBIDDEN);
    expect(errorOf(await b.c.call('improveInfoSubmit', { subAcctId: b.acct.subAcctId, requestId, answers: await answers(b.c) }))).toBe(ErrorCode.FORBIDDEN);
  });

  test.each([
    ['an item left out', { idDocument: undefined }, ['answers.idDocument:required']],
    ['an item not asked', { address: { line: 'x' } }, ['answers.address:choice']],
    ['employment: unknown status', { employment: { ...employment, employment: '9' } }, ['answers.employment.employment:choice']],
    ['employment: employer too short', { employment: { ...employment, companyName: 'KBL' } }, ['answers.employment.companyName:tooShort']],
    ['employment: no office address', { employment: { ...employment, officeAddress: ' ' } }, ['answers.employment.officeAddress:required']],
    ['employment: unknown industry', { employment: { ...employment, industry: '00' } }, ['answers.employment.industry:choice']],
    ['employment: unknown position', { employment: { ...employment, position: '9' } }, ['answers.employment.position:choice']],
    ['funds: none', { funds: { fundsSource: '', wealthSource: '1' } }, ['answers.funds.fundsSource:needOne']],
    ['funds: other wealth undescribed', { funds: { fundsSource: '2', wealthSource: '6' } }, ['answers.funds.wealthDetail:required']],
    ['tax: a country twice', { taxResidency: { rows: [{ countryCode: 'HK', taxNumber: 'A1' }, { countryCode: 'HK', taxNumber: 'A2' }], confirmed: true } }, ['answers.taxResidency.rows.1.countryCode:duplicateCountry']],
    ['tax: not an ISO country', { taxResidency: { rows: [{ countryCode: 'XQ', taxNumber: 'A1' }], confirmed: true } }, ['answers.taxResidency.rows.0.countryCode:country']],
    ['tax: not confirmed', { taxResidency: { rows: [{ countryCode: 'HK', taxNumber: 'A1' }], confirmed: false } }, ['answers.taxResidency.confirmed:mustTick']],
    ['document: no file', { idDocument: { files: [], validUntil: '2031-03-31' } }, ['answers.idDocument.files:fileRequired']],
    ['document: expired', { idDocument: { files: [{ ossId: 'abcdef1' }], validUntil: '2020-01-01' } }, ['answers.idDocument.validUntil:idExpired']],
  ])('refused (100400), the request stays open: %s', async (_, over, expected) => {
    const res = await submit(a.c, { answers: await answers(a.c, over) });
    expect([errorOf(res), issuesOf(res)]).toEqual([ErrorCode.INVALID_INPUT, expected]);
  });

  test("a file that is not the caller's is 100403", async () => {
    const foreign = await uploadRef(b.c, 'UserInfo');
    expect(errorOf(await submit(a.c, { answers: await answers(a.c, { idDocument: { files: [foreign], validUntil: '2031-03-31' } }) }))).toBe(ErrorCode.FORBIDDEN);
  });

  test('answered: completed, the card gone, staff read the answers; a second answer is 152205 (closed)', async () => {
    const body = await answers(a.c);
    const res = await submit(a.c, { answers: body });
    expect(res.body.result).toEqual({ status: 2, completedAt: new Date(t.clock.now()).toISOString() });
    expect((await a.c.call('userInfo')).body.result.clientInfo.accts[0].improveInfoOpen).toBe(false);
    expect((await a.c.call('improveInfoDetail', { subAcctId: a.acct.subAcctId })).body.result.request).toBeNull();
    const shown = await showImprove(deps(), requestId);
    expect(shown).toEqual(expect.objectContaining({ status: 2, closedBy: 'client', answers: expect.objectContaining({ employment, idDocument: { files: [{ ossId: body.idDocument.files[0].ossId, description: expect.any(String) }], validUntil: '2031-03-31' } }) }));
    expect(errorOf(await submit(a.c, { answers: body }))).toBe(ErrorCode.IMPROVE_CLOSED);
  });

  test('staff withdraw an open request: closed for the client (152205)', async () => {
    const r = await requestImprove(deps(), b.acct.subAcctId, ['funds'], null);
    await withdrawImprove(deps(), r.requestId);
    await expect(withdrawImprove(deps(), r.requestId)).rejects.toThrow(/not open/);
    const res = await b.c.call('improveInfoSubmit', { subAcctId: b.acct.subAcctId, requestId: r.requestId, answers: { funds: { fundsSource: '2', wealthSource: '1' } } });
    expect(errorOf(res)).toBe(ErrorCode.IMPROVE_CLOSED);
    expect((await b.c.call('userInfo')).body.result.clientInfo.accts[0].improveInfoOpen).toBe(false);
  });
});
