import type { Req } from '../domain/contract';
import { callApi } from './client';

export type TokenLoginInput = Req<'tokenLogin'>;

/** Logs in with the app's trading token (query t, sub → subAccountId, sid → sessionId). */
export const tokenLogin = (params: TokenLoginInput) => callApi('tokenLogin', params);
