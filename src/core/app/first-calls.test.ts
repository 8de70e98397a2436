import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/api-error';
import { callApi } from '../api/client';
import { forgetInlineClientConfig } from '../api/system';
import { queryKeys } from '../api/keys';
import { PAGE_DATA_ELEMENT_ID, pageDataElement } from '../domain/page-data';
import { installFakeApi } from '../testing/fake-api';
import { makeApplication, makeClientConfig, makeUser } from '../testing/factories';
import { startFirstCalls } from './first-calls';
import { earlyStart } from './early-start';
import { forgetEarlyCalls, takeEarlyCall } from '../api/early-calls';

jest.mock('../api/client');

const config = makeClientConfig();

function setCookie(hinted: boolean) {
  document.cookie = hinted ? 'esop_in=1; path=/' : 'esop_in=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
}

afterEach(() => {
  document.getElementById(PAGE_DATA_ELEMENT_ID)?.remove();
  forgetInlineClientConfig();
});

/** Calls held until released: shows which calls were in flight at the same time. */
function held() {
  const started: string[] = [];
  const releases: (() => void)[] = [];
  const hold = (name: string, value: unknown) => () =>
    new Promise((resolve) => {
      started.push(name);
      releases.push(() => resolve(value));
    });
  return { started, hold, releaseAll: () => releases.splice(0).forEach((r) => r()) };
}

test('with a session hint, the user and the application are asked for side by side, and the settings come from the page', async () => {
  setCookie(true);
  document.head.insertAdjacentHTML('beforeend', pageDataElement({ clientConfig: config }));
  const h = held();
  const user = makeUser();
  const app = makeApplication();
  const api = installFakeApi({ userInfo: h.hold('userInfo', user), applyDetail: h.hold('applyDetail', app) });
  const qc = new QueryClient();
  startFirstCalls(qc);
  await Promise.resolve();
  // both started before either answered
  expect(h.started.sort()).toEqual(['applyDetail', 'userInfo']);
  expect(api.all.map((c) => c.name)).not.toContain('clientConfig');
  expect(qc.getQueryData(queryKeys.clientConfig())).toEqual(config);
  h.releaseAll();
  await new Promise((r) => setTimeout(r, 0));
  expect(qc.getQueryData(queryKeys.user())).toEqual(user);
  expect(qc.getQueryData(queryKeys.application())).toEqual(app);
});

test('without a session hint nothing is asked of the service before the first screen (and no application)', async () => {
  document.head.insertAdjacentHTML('beforeend', pageDataElement({ clientConfig: config }));
  setCookie(false);
  const api = installFakeApi({});
  const qc = new QueryClient();
  startFirstCalls(qc);
  await new Promise((r) => setTimeout(r, 0));
  expect(api.all).toEqual([]);
  expect(qc.getQueryData(queryKeys.user())).toBeNull();
  expect(qc.getQueryState(queryKeys.application())).toBeUndefined();
});

test('a page served without its settings (dev server) asks ClientConfig at once; a broken element is ignored', async () => {
  setCookie(false);
  document.head.insertAdjacentHTML('beforeend', `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">{broken</script>`);
  const api = installFakeApi({ clientConfig: () => config });
  const qc = new QueryClient();
  startFirstCalls(qc);
  await new Promise((r) => setTimeout(r, 0));
  expect(api.all.map((c) => c.name)).toEqual(['clientConfig']);
  expect(qc.getQueryData(queryKeys.clientConfig())).toEqual(config);
});

test('an ended session: the user is null and the application query holds no data to show', async () => {
  setCookie(true);
  installFakeApi({
    userInfo: () => {
      throw new ApiError(100008, 'login expired', undefined, 401);
    },
    applyDetail: () => {
      throw new ApiError(100008, 'login expired', undefined, 401);
    },
  });
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  startFirstCalls(qc);
  await new Promise((r) => setTimeout(r, 0));
  expect(qc.getQueryData(queryKeys.user())).toBeNull();
  expect(qc.getQueryData(queryKeys.application())).toBeUndefined();
  expect(callApi).toHaveBeenCalledWith('applyDetail', {}, expect.anything());
});

describe('the entry starts the first calls before the React part has loaded', () => {
  afterEach(() => forgetEarlyCalls());

  test('the queries take the calls in flight instead of making their own, once', async () => {
    const h = held();
    const user = makeUser();
    const app = makeApplication();
    const api = installFakeApi({ userInfo: h.hold('userInfo', user), applyDetail: h.hold('applyDetail', app) });
    const early = earlyStart();
    expect(early.hinted).toBe(true);
    await Promise.resolve();
    expect(h.started.sort()).toEqual(['applyDetail', 'userInfo']);
    // later, the React part's query client
    const qc = new QueryClient();
    startFirstCalls(qc);
    h.releaseAll();
    await new Promise((r) => setTimeout(r, 0));
    expect(api.calls('userInfo')).toHaveLength(1);
    expect(api.calls('applyDetail')).toHaveLength(1);
    expect(qc.getQueryData(queryKeys.user())).toEqual(user);
    expect(qc.getQueryData(queryKeys.application())).toEqual(app);
    await expect(early.application).resolves.toEqual(app);
    // a refetch asks the service again
    const refetch = qc.refetchQueries({ queryKey: queryKeys.application() });
    await new Promise((r) => setTimeout(r, 0));
    h.releaseAll();
    await refetch;
    expect(api.calls('applyDetail')).toHaveLength(2);
  });

  test('a call started long before the query asks is not used (stale)', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'setImmediate'] });
    try {
      const api = installFakeApi({ userInfo: () => makeUser(), applyDetail: () => null });
      earlyStart();
      jest.advanceTimersByTime(60_000);
      expect(takeEarlyCall('applyDetail')).toBeUndefined();
      expect(api.calls('applyDetail')).toHaveLength(1);
    } finally {
      jest.useRealTimers();
    }
  });

  test('without a session hint only the messages start', () => {
    setCookie(false);
    const api = installFakeApi({});
    expect(earlyStart()).toEqual({ hinted: false });
    expect(api.all).toEqual([]);
  });
});
