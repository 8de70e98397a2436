/**
 * Calls declared once: the real app registers every CALLS entry (src/core/domain/calls.ts) as a route with its
 * method and path, its login check, its cipher flag and its rate limit, and no API route outside the table.
 */
import { API_PREFIX, CALLS, CALL_SUMMARIES, ErrorCode, PLAIN_CALLS, prefixOf, routeUrl, schemas, type CallName, type CallWire } from '@core/domain';
import { createTestApp, type TestApp, type TestClient } from './helpers';

const NAMES = Object.keys(CALLS) as CallName[];
const eachCall = (names: CallName[]) => names.map((n) => [n] as const);

let t: TestApp;
let anonymous: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  anonymous = await t.handshake();
});
afterAll(() => t.close());

/** the routes under any of the API prefixes (the KYC service's and the signing service's) */
const apiRoutes = () => t.app.routeList.filter((r) => prefixOf(r.url) !== undefined);
const routesOf = (name: CallName) => apiRoutes().filter((r) => r.call === name);
/** the service's OpenAPI document, fetched once */
let openApi: { paths: Record<string, Record<string, { operationId?: string; summary?: string }>> } | undefined;

describe('every call of CALLS is registered from its declaration', () => {
  it.each(eachCall(NAMES))('%s: one route, with the method and path of CALLS', (name) => {
    const def = CALLS[name];
    const routes = routesOf(name);
    expect(routes.map((r) => r.method)).toEqual([def.method]);
    // the path of CALLS, followed by its path parameters if any (Upload's /:category)
    expect(routes[0].url).toBe(routeUrl(def));
  });

  it('no route under the API prefix is outside the call table (only the hidden OpenAPI document)', () => {
    const outside = apiRoutes().filter((r) => !r.call || !(r.call in CALLS));
    expect(outside.map((r) => `${r.method} ${r.url}`)).toEqual([`GET ${API_PREFIX}/openapi.json`]);
    expect(outside.every((r) => r.hidden && r.plain)).toBe(true);
  });

  it.each(eachCall(NAMES))('%s: its schema and summary (src/core/domain/calls/<module>.ts) and its route, described with that summary', async (name) => {
    const wire: CallWire = schemas[name];
    expect(wire.summary).toBe(CALL_SUMMARIES[name]);
    expect(wire.summary.trim()).not.toBe('');
    expect([wire.req, wire.meta, wire.res].some((schema) => schema !== undefined)).toBe(true);
    expect(routesOf(name)).toHaveLength(1);
    const doc = (openApi ??= (await t.app.inject({ method: 'GET', url: `${API_PREFIX}/openapi.json` })).json() as NonNullable<typeof openApi>);
    const operation = doc.paths[routeUrl(CALLS[name]).replace(/:(\w+)/g, '{$1}')]?.[CALLS[name].method.toLowerCase()];
    expect(operation).toEqual(expect.objectContaining({ operationId: name, summary: wire.summary }));
  });

});

describe('cipher: plain exactly where CALLS says cipher: false', () => {
  it.each(eachCall(NAMES))('%s', (name) => {
    for (const r of routesOf(name)) expect(r.plain).toBe(!CALLS[name].cipher);
  });

  it('the plain API routes are the plain calls and the OpenAPI document', () => {
    const plain = apiRoutes()
      .filter((r) => r.plain)
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    const expected = [...[...PLAIN_CALLS].map((n) => `${CALLS[n].method} ${CALLS[n].path}`), `GET ${API_PREFIX}/openapi.json`].sort();
    expect(plain).toEqual(expected);
  });
});

describe('rate limits: each route counts exactly the limit CALLS names', () => {
  it.each(eachCall(NAMES))('%s', (name) => {
    const def: { rateLimit?: string } = CALLS[name];
    for (const r of routesOf(name)) expect(r.rateLimits).toEqual(def.rateLimit ? [def.rateLimit] : []);
  });
});

describe("auth: every 'user' call answers 100008 without a session, whatever it sends", () => {
  const userCalls = NAMES.filter((n) => CALLS[n].auth === 'user');

  it.each(eachCall(userCalls))('%s', async (name) => {
    const def = CALLS[name];
    if (name === 'upload' || name === 'videoUpload') {
      // multipart: the envelope is opened by the handler, which the login check precedes (answered plain, as before)
      const res = await anonymous.upload(name === 'upload' ? `${def.path}/UserInfo` : def.path, { filename: 'a.png' }, new Uint8Array(8));
      expect(res.status).toBe(401);
      expect(res.body.error?.code).toBe(ErrorCode.LOGIN_EXPIRED);
      return;
    }
    if (!def.cipher) {
      const res = await t.app.inject({ method: def.method, url: def.path });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe(ErrorCode.LOGIN_EXPIRED);
      return;
    }
    // an empty payload: the login check comes before validation, so nothing about the payload is revealed
    const res = await anonymous.call(name, {});
    expect(res.ciphered).toBe(true);
    expect(res.status).toBe(401);
    expect(res.body.error?.code).toBe(ErrorCode.LOGIN_EXPIRED);
  });

  it('an unknown session cookie is no session either', async () => {
    const res = await anonymous.send('GET', CALLS.userInfo.path, {}, { headers: { cookie: 'esop_sid=not-a-session-at-all' } });
    expect(res.ciphered).toBe(true);
    expect(res.body.error?.code).toBe(ErrorCode.LOGIN_EXPIRED);
  });

  it('Logout is public: without a session it succeeds', async () => {
    expect(CALLS.logout.auth).toBe('public');
    const res = await anonymous.call('logout');
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({ ok: true });
  });

  it("the signed Download checks its own way: without a session every refusal is 100403, never 100008", async () => {
    expect(CALLS.download.auth).toBe('signed');
    const res = await t.app.inject({ method: 'GET', url: `${CALLS.download.path}?ossid=noSuchFile000&preview=1&exp=1&sig=x` });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe(ErrorCode.FORBIDDEN);
  });
});

describe('text hygiene: NUL or a lone surrogate anywhere in what a call receives is 100400 textEncoding, for every call', () => {
  const BAD = [
    ['NUL', 'a\u0000b'],
    ['a lone surrogate', 'a\ud800b'],
  ] as const;
  const cases = NAMES.flatMap((name) => BAD.map(([what, text]) => [name, what, text] as const));
  let user: TestClient;
  beforeAll(async () => {
    user = await t.login('61990001');
  });

  const expectRefused = (status: number, body: { error?: { code: number; data?: { issues?: unknown } } }, path: string) => {
    expect(status).toBe(400);
    expect(body.error?.code).toBe(ErrorCode.INVALID_INPUT);
    expect(body.error?.data?.issues).toEqual([{ path, message: 'textEncoding' }]);
  };

  it.each(cases)('%s with %s', async (name, what, text) => {
    const def = CALLS[name];
    if (name === 'upload' || name === 'videoUpload') {
      const res = await user.upload(name === 'upload' ? `${def.path}/UserInfo` : def.path, { filename: text }, new Uint8Array(8));
      expect(res.ciphered).toBe(true);
      return expectRefused(res.status, res.body, 'filename');
    }
    if (name === 'signFileUpload') {
      const res = await user.upload(def.path, { fileName: text, token: `${'A'.repeat(22)}.${'B'.repeat(22)}`, idNumber: 'K1234567' }, new Uint8Array(8));
      expect(res.ciphered).toBe(true);
      return expectRefused(res.status, res.body, 'fileName');
    }
    if (!def.cipher) {
      if (def.method === 'GET') {
        // a query string can carry NUL (%00) but no lone surrogate (percent-decoding makes U+FFFD of it)
        if (what !== 'NUL') return;
        const res = await t.app.inject({ method: 'GET', url: `${routeUrl(def).replace(/:\w+/g, 'x')}?probe=a%00b` });
        return expectRefused(res.statusCode, res.json(), 'probe');
      }
      const res = await t.app.inject({ method: def.method, url: routeUrl(def).replace(/:\w+/g, 'x'), payload: { nested: [{ probe: text }] } });
      return expectRefused(res.statusCode, res.json(), 'nested.0.probe');
    }
    const res = await user.call(name, { nested: { [text]: 1 } });
    expect(res.ciphered).toBe(true);
    expectRefused(res.status, res.body, `nested.${text}`);
  });

  it('refused before the login check: a caller without a session learns nothing else', async () => {
    const res = await anonymous.call('applyUpdate', { step: 'IDCARD', data: { name: 'x\u0000' } });
    expectRefused(res.status, res.body, 'data.name');
  });
});
