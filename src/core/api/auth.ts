import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Req, Res } from '../domain/contract';
import { callApi } from './client';
import { queryKeys } from './keys';
import type { QueryClient } from '@tanstack/react-query';

export type SendCodeInput = Req<'sendCode'>;

export const sendCode = (input: SendCodeInput) => callApi('sendCode', input);

/** Sends a login code: {value, areaCode, scene?, type?, captcha?} → {salt, cooldownSeconds}. */
export function useSendCode() {
  return useMutation({ mutationFn: sendCode });
}

export type LoginInput = Req<'login'>;

export const login = (input: LoginInput) => callApi('login', input);

/** Phone + code login; on success the user query holds the new user and every other answer is read again. */
export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => startNewSession(qc, user),
  });
}

export { tokenLogin, fetchUserInfo, userInfoQuery, useUserInfo, useFreshUserInfo, type TokenLoginInput } from './shell';

export const logout = () => callApi('logout');

/** Ends the session; the cached user becomes null and every other server state is dropped. */
export function useLogout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      qc.removeQueries({ predicate: (q) => q.queryKey[1] !== 'clientConfig' && q.queryKey[1] !== 'user' });
      qc.setQueryData(queryKeys.user(), null);
    },
  });
}

/** Logging in again as the session's own user (ReloginSendCode, Relogin): its phone stays in the service. */

export const reloginSendCode = () => callApi('reloginSendCode');
export const relogin = (input: Req<'relogin'>) => callApi('relogin', input);

/** A code to the session's own phone: {salt, cooldownSeconds, areaCode, phoneMasked}. */
export function useReloginSendCode() {
  return useMutation({ mutationFn: reloginSendCode });
}

/** Code login as the session's own user; on success the user query holds the (same) user of the new session, and
 * every other answer is read again (startNewSession). */
export function useRelogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: relogin,
    onSuccess: (user) => startNewSession(qc, user),
  });
}

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
