/**
 * Every call of the service: the pages' (calls.ts) and the review desk's (calls-staff.ts). The routes, the docs, the
 * fake server and the tests read this table; the pages' client reads APP_CALLS alone.
 */
import { APP_CALLS, type CallName } from './calls';
import { STAFF_CALLS } from './calls-staff';

export const CALLS = { ...APP_CALLS, ...STAFF_CALLS } as const;

/** The calls that travel plain (cipher: false): the service's description, the fake server, the docs and the tests use it. */
export const PLAIN_CALLS: readonly CallName[] = (Object.keys(CALLS) as CallName[]).filter((name) => !CALLS[name].cipher);
export const isPlainCall = (name: CallName): boolean => !CALLS[name].cipher;
