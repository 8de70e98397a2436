/**
 * A fake `callApi` for screen tests that do not need the wire protocol. In the test file:
 *
 *   jest.mock('@core/api/client');                 // hoisted by Jest (automock of the client module)
 *   import { installFakeApi } from '@core/testing/fake-api';
 *   const api = installFakeApi({ applyDetail: () => makeApplication(), applyUpdate: (p) => ... });
 *   expect(api.calls('applyUpdate')[0]).toMatchObject({ currentStep: 'HK_IDCARD' });
 *
 * Handlers return the result or throw `new ApiError(code, message, data, status)`; a call without a
 * handler rejects with ApiError 100404. (For the full protocol use ./fake-server.)
 */
import { ApiError } from '../api/api-error';
import { callApi } from '../api/client';
import type { CallName } from '../domain/contract';

export type FakeApiHandlers = Partial<Record<CallName, (payload: any) => unknown>>; // eslint-disable-line @typescript-eslint/no-explicit-any

export function installFakeApi(handlers: FakeApiHandlers) {
  const mock = callApi as unknown as jest.Mock;
  if (!jest.isMockFunction(mock)) throw new Error("installFakeApi needs jest.mock('@core/api/client') in the test file");
  const log: { name: CallName; payload: unknown }[] = [];
  mock.mockImplementation(async (name: CallName, payload?: unknown) => {
    log.push({ name, payload });
    const h = handlers[name];
    if (!h) throw new ApiError(100404, `no fake for ${name}`, undefined, 404);
    return h(payload);
  });
  return {
    handlers,
    calls: (name: CallName) => log.filter((c) => c.name === name).map((c) => c.payload),
    all: log,
  };
}
