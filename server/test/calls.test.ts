/**
 * The call table and the routes agree: every call of CALLS is registered with its method and path, ciphered unless
 * the table says plain; nothing under the API prefix is registered that the table does not declare (besides the
 * OpenAPI description). The client's plain set is derived from the same table (src/core/api/client.ts PLAIN).
 */
import { API_PREFIX, CALLS, type CallName } from '@core/domain';
import { createTestApp, type TestApp } from './helpers';

// the whole suite runs these beside the client tests, where the default time of a test is 5 s
jest.setTimeout(30_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const NAMES = Object.keys(CALLS) as CallName[];
const pathOf = (name: CallName) => CALLS[name].path + (name === 'upload' ? '/:category' : '');
const routes = () => t.app.routeList.filter((r) => r.url.startsWith(API_PREFIX + '/'));

test.each(NAMES)('%s is registered with its method and path, plain exactly when the table says so', (name) => {
  const def = CALLS[name];
  const found = routes().filter((r) => r.url === pathOf(name) && r.method === def.method);
  expect(found).toHaveLength(1);
  expect(!!found[0].plain).toBe(!def.cipher);
});

test('every route under the API prefix is a declared call (or the OpenAPI description)', () => {
  const declared = new Set(NAMES.map((n) => `${CALLS[n].method} ${pathOf(n)}`));
  const extra = routes()
    .map((r) => `${r.method} ${r.url}`)
    .filter((r) => !declared.has(r) && r !== `GET ${API_PREFIX}/openapi.json` && !r.startsWith('HEAD '));
  expect(extra).toEqual([]);
});
