/**
 * The cipher layer decides from the matched route, not from the raw URL: an encoded or otherwise
 * unusual spelling of an API path is either not found (404) or still needs the cipher (100601),
 * and an envelope is bound to the route it was sealed for.
 */
import { API_PREFIX, API_PREFIXES, CALLS, ErrorCode, PLAIN_CALLS } from '@core/domain';
import { createTestApp, encodeEnvelope, type TestApp, type TestClient } from './helpers';

let t: TestApp;
let user: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  user = await t.login('91230001');
});
afterAll(() => t.close());

/** spellings of `path` (an API path) that a lenient router might take for it */
function variants(path: string): string[] {
  const rest = path.slice(1); // "kyc/esop/v1/UserInfo"
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dir = path.slice(0, path.lastIndexOf('/'));
  return [
    `/%6B${rest.slice(1)}`, // %6B = k
    `/%6byc/esop/v1/${name}`,
    `/kyc%2Fesop/v1/${name}`,
    `/kyc%2fesop%2fv1%2f${name}`,
    `${dir}%2F${name}`,
    `/kyc/esop/v1/%${name.charCodeAt(0).toString(16)}${name.slice(1)}`, // first letter encoded
    `//${rest}`,
    `/kyc//esop/v1/${name}`,
    `${dir}//${name}`,
    `${path}/`,
    path.toUpperCase(),
    `/KYC/esop/v1/${name}`,
    `${dir}/${name.toLowerCase()}`,
    `${dir}/./${name}`,
    `${dir}/x/../${name}`,
  ];
}

const refusedOrMissing = (res: { statusCode: number; headers: Record<string, unknown>; json(): any }) => { // eslint-disable-line @typescript-eslint/no-explicit-any
  expect(res.headers['x-esop-cipher']).toBeUndefined();
  if (res.statusCode === 404) return;
  expect(res.statusCode).toBe(400);
  expect(res.json().error.code).toBe(ErrorCode.CIPHER_REQUIRED);
};

describe('encoded and unusual API paths are never served plain', () => {
  it.each(variants(CALLS.userInfo.path))('GET %s (logged in, plain) → 100601 or 404', async (url) => {
    const res = await user.inject({ method: 'GET', url });
    refusedOrMissing(res);
    expect(res.body).not.toContain('phoneMasked');
  });

  it.each(variants(CALLS.clientConfig.path))('GET %s (plain) → 100601 or 404', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    refusedOrMissing(res);
    expect(res.body).not.toContain('memberPageUrl');
  });

  it.each(variants(CALLS.applyStart.path))('POST %s (logged in, plain JSON) → 100601 or 404', async (url) => {
    const res = await user.inject({ method: 'POST', url, payload: { oaType: 1, esop: false } });
    refusedOrMissing(res);
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM applications WHERE user_id = $1', [user.user!.userId]);
    expect(rows[0].n).toBe(0);
  });

  it.each(variants(CALLS.sendCode.path))('POST %s (plain JSON) → 100601 or 404', async (url) => {
    const res = await t.app.inject({ method: 'POST', url, payload: { value: '91230002', areaCode: '852' } });
    refusedOrMissing(res);
  });

  it('an answer under the API prefix is never cacheable, however the path is spelled', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/%6Byc/esop/v1/${'CipherKey'}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('an envelope is bound to its route', () => {
  it('an envelope sealed for the encoded spelling is refused (the AAD names the decoded route path)', async () => {
    const encoded = `/%6B${CALLS.clientConfig.path.slice(2)}`;
    const env = await user.seal('GET', encoded, {});
    const res = await user.inject({ method: 'GET', url: `${encoded}?e=${encodeEnvelope(env)}` });
    expect(res.json().error.code).toBe(ErrorCode.CIPHER_INVALID);
  });

  it('an envelope sealed for the route path is accepted on an encoded spelling of the same route, and answered sealed', async () => {
    const env = await user.seal('GET', CALLS.clientConfig.path, {});
    const res = await user.inject({ method: 'GET', url: `/%6B${CALLS.clientConfig.path.slice(2)}?e=${encodeEnvelope(env)}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-esop-cipher']).toBe('1');
  });

  it('an envelope sealed for one route is refused on another', async () => {
    const env = await user.seal('GET', CALLS.userInfo.path, {});
    const res = await user.inject({ method: 'GET', url: `${CALLS.clientConfig.path}?e=${encodeEnvelope(env)}` });
    expect(res.json().error.code).toBe(ErrorCode.CIPHER_INVALID);
  });

  it('an upload sealed for one category is refused on another (the parameter is part of the route path)', async () => {
    const path = `${CALLS.upload.path}/UserInfo`;
    const env = await user.seal('POST', path, { filename: 'a.png', fileIv: 'AAAAAAAAAAAAAAAA' });
    const { multipartBody } = await import('./helpers');
    const form = multipartBody({ e: JSON.stringify(env) }, { name: 'file', filename: 'blob', contentType: 'application/octet-stream', bytes: new Uint8Array(32) });
    const res = await user.inject({ method: 'POST', url: `${CALLS.upload.path}/UserApply`, payload: form.body, headers: { 'content-type': form.contentType } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe(ErrorCode.CIPHER_INVALID);
    // and on its own category it opens (the file part then fails to open: 100602 too, but after the envelope)
    const env2 = await user.seal('POST', `${CALLS.upload.path}/UserApply`, { filename: 'a.png', fileIv: 'AAAAAAAAAAAAAAAA' });
    const form2 = multipartBody({ e: JSON.stringify(env2) }, { name: 'file', filename: 'blob', contentType: 'application/octet-stream', bytes: new Uint8Array(32) });
    const ok = await user.inject({ method: 'POST', url: `/kyc/esop/v1/oss/v1/Upload/User%41pply`, payload: form2.body, headers: { 'content-type': form2.contentType } });
    expect(ok.statusCode).toBe(401);
    // the second envelope opened (its nonce was recorded: sent again it is a replay); the first one's was not
    const again = await user.inject({ method: 'POST', url: `${CALLS.upload.path}/UserApply`, payload: form2.body, headers: { 'content-type': form2.contentType } });
    expect(again.json().error.code).toBe(ErrorCode.CIPHER_REPLAY);
    const own = await user.inject({ method: 'POST', url: path, payload: form.body, headers: { 'content-type': form.contentType } });
    expect(own.json().error?.code).not.toBe(ErrorCode.CIPHER_REPLAY);
  });
});

describe('every API route is ciphered unless it says plain', () => {
  it('the plain ones are exactly the plain calls of CALLS (cipher: false) that are registered, and OpenAPI', () => {
    const plain = t.app.routeList
      .filter((r) => API_PREFIXES.some((p) => r.url.startsWith(p + '/')) && r.plain)
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    const registered = PLAIN_CALLS.filter((n) => t.app.routeList.some((r) => r.call === n));
    expect(registered).toEqual(expect.arrayContaining(['health', 'cipherKey', 'cipherSession', 'download']));
    expect(plain).toEqual([...registered.map((n) => `${CALLS[n].method} ${CALLS[n].path}`), `GET ${API_PREFIX}/openapi.json`].sort());
  });
});
