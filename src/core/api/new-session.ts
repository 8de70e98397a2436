import type { QueryClient } from '@tanstack/react-query';
import type { Res } from '../domain/contract';
import { queryKeys } from './keys';

const USER_KEY = queryKeys.user();
/** React Query's hash of a key (its JSON), to tell the user's query from the others */
const USER_HASH = JSON.stringify(USER_KEY);

/**
 * After a login (first or again): the user query holds the session's user, and every other answer read before is
 * stale, since it may depend on the session (the trading password's "log in again first", the accounts, the
 * updates, the application). Marked stale, the screens on show read them again, and a screen mounted later never
 * decides from an answer given to the old session (issue 37: the trading password form kept "log in again" from
 * the status read before the login).
 */
export function startNewSession(qc: QueryClient, user: Res<'login'>): void {
  qc.setQueryData(USER_KEY, user);
  void qc.invalidateQueries({ predicate: (q) => q.queryHash !== USER_HASH });
}
