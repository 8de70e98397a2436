/**
 * The fetches of what every page's first screen needs, without React Query (so a page's entry can start them before
 * the React part of its script has loaded: src/core/app/early-calls.ts).
 */
import type { ApplicationView, UserView } from '../domain/contract';
import type { AreaType } from '../domain/area';
import { bridge, STORAGE_KEY } from '../bridge/bridge';
import { ErrorCode } from '../domain/errors';
import { hasSessionHint } from '../domain/auth';
import { ApiError } from './api-error';
import { callApi } from './client';

/** Whether a session was started in this browser and not ended (the readable hint cookie the service sets with it). */
export function sessionHinted(): boolean {
  return typeof document !== 'undefined' && hasSessionHint(document.cookie);
}

/** The logged-in user, or null when there is no session (100008: not logged in, not an error). */
export async function fetchUserInfo(signal?: AbortSignal): Promise<UserView | null> {
  // no session was started here (or it was ended): anonymous, without a round trip; an app token logs in apart
  if (!sessionHinted()) return null;
  try {
    return await callApi('userInfo', undefined, { signal });
  } catch (e) {
    if (e instanceof ApiError && e.code === ErrorCode.LOGIN_EXPIRED) return null;
    throw e;
  }
}

export const fetchApplyDetail = (signal?: AbortSignal): Promise<ApplicationView | null> => callApi('applyDetail', {}, { signal });

/** The opening-area flags; also kept in local storage (the spec's local flags: statementSkipType etc.). */
export async function fetchAreaType(signal?: AbortSignal): Promise<AreaType> {
  const r = await callApi('areaType', undefined, { signal });
  await Promise.all([
    bridge.storage.set(STORAGE_KEY.openingLimitType, String(r.openingLimitType)),
    bridge.storage.set(STORAGE_KEY.statementLimitType, String(r.statementLimitType)),
    bridge.storage.set(STORAGE_KEY.statementSkipType, String(r.statementSkipType)),
  ]);
  return r;
}
