/**
 * Faults as the applicants meet them (issue 38): a database that stops answering, a file store that is away, a
 * missing font. Each answers "try again" in words (503 100502, translated), keeps everyone's session and loses
 * nothing; readiness says what is wrong without taking calls that need no files out of a balancer's rotation.
 */
import sharp from 'sharp';
import { CALLS, ErrorCode } from '@core/domain';
import { reencodeImage } from '../src/modules/files/clean';
import { createTestApp, type TestApp, type TestClient } from './helpers';

let t: TestApp;
let client: TestClient;

beforeEach(async () => {
  t = await createTestApp({ env: { READINESS_TIMEOUT_MS: '500' } });
  client = await t.login('61238001');
});
afterEach(() => t.close());

/** the cookies an answer sets (a clearing one has an empty value or a past expiry) */
const cookiesSet = (res: { response: { cookies: { name: string }[] } }) => res.response.cookies.map((c) => c.name);

describe('a database that stops answering', () => {
  it('answers a logged-in call 503 100502 in the applicant language, clears no cookie, and the session goes on afterwards', async () => {
    expect((await client.call('userInfo')).status).toBe(200);
    t.faults.database = true;
    const during = await client.call('userInfo', {}, { headers: { 'accept-language': 'zh-TW' } });
    expect([during.status, during.body.error?.code]).toEqual([503, ErrorCode.UNAVAILABLE]);
    expect(during.body.error?.message).toBe('系統暫時無法讀取資料，您填寫的內容不會遺失，請稍後再試。');
    expect(during.headers['retry-after']).toBe('5');
    expect(cookiesSet(during)).toEqual([]);
    expect(client.cookie).toBeDefined();

    t.faults.database = false;
    const after = await client.call('userInfo');
    expect([after.status, after.body.error]).toEqual([200, undefined]);
  });

  it('answers the application calls and an upload the same way, never 100008 "login expired"', async () => {
    t.faults.database = true;
    const detail = await client.call('applyDetail');
    expect([detail.status, detail.body.error?.code]).toEqual([503, ErrorCode.UNAVAILABLE]);
    const png = await reencodeImage(await sharp({ create: { width: 24, height: 16, channels: 3, background: '#8ac' } }).png().toBuffer(), { mime: 'image/png', ext: 'png' });
    const up = await client.upload(`${CALLS.upload.path}/UserInfo`, { filename: 'card.png' }, png);
    expect([up.status, up.body.error?.code]).toEqual([503, ErrorCode.UNAVAILABLE]);
    expect(cookiesSet(up)).toEqual([]);
    t.faults.database = false;
    expect((await client.call('applyDetail')).status).toBe(200);
  });

  it('still ends a session that has really ended, clearing its cookies (100008)', async () => {
    const old = client.cookie;
    await client.call('logout');
    client.cookie = old;
    const res = await client.call('userInfo');
    expect(res.body.error?.code).toBe(ErrorCode.LOGIN_EXPIRED);
    expect(cookiesSet(res)).toContain('esop_sid');
  });
});

describe('a file store that is away', () => {
  async function uploadedUrl(): Promise<string> {
    const png = await reencodeImage(await sharp({ create: { width: 24, height: 16, channels: 3, background: '#c84' } }).png().toBuffer(), { mime: 'image/png', ext: 'png' });
    const res = await client.upload(`${CALLS.upload.path}/UserInfo`, { filename: 'card.png' }, png);
    expect(res.status).toBe(200);
    return res.body.result.ossUrl as string;
  }

  it('answers a download 503 100502 "try again", not 403 "no access"; the same file reads back when it returns', async () => {
    const url = await uploadedUrl();
    t.faults.storage = true;
    const during = await client.inject({ method: 'GET', url });
    expect(during.statusCode).toBe(503);
    expect(during.json().error.code).toBe(ErrorCode.UNAVAILABLE);
    t.faults.storage = false;
    const after = await client.inject({ method: 'GET', url });
    expect(after.statusCode).toBe(200);
  });

  it('answers an upload 503, and keeps serving the calls that need no file', async () => {
    t.faults.storage = true;
    const png = await reencodeImage(await sharp({ create: { width: 24, height: 16, channels: 3, background: '#4a8' } }).png().toBuffer(), { mime: 'image/png', ext: 'png' });
    const up = await client.upload(`${CALLS.upload.path}/UserInfo`, { filename: 'card.png' }, png);
    expect([up.status, up.body.error?.code]).toEqual([503, ErrorCode.UNAVAILABLE]);
    expect((await client.call('userInfo')).status).toBe(200);
    expect((await client.call('applyDetail')).status).toBe(200);
  });

  it('leaves the process in rotation: /readyz 200 "degraded" naming storage', async () => {
    t.faults.storage = true;
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'degraded', checks: { database: 'ok', storage: 'failed' }, failing: [], degraded: ['storage'] });
  });
});

describe('a missing CJK font', () => {
  const before = process.env.AGREEMENT_FONT;
  afterEach(() => {
    if (before === undefined) delete process.env.AGREEMENT_FONT;
    else process.env.AGREEMENT_FONT = before;
  });

  it('takes the process out of rotation by name: /readyz 503 failing font', async () => {
    process.env.AGREEMENT_FONT = '/nonexistent/wqy-microhei.ttc';
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'not ready', checks: { font: 'failed' }, failing: ['font'] });
  });
});
