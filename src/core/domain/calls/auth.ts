/**
 * The calls of server/src/modules/auth: login by SMS code or the app's token, logging in again, logout and the
 * logged-in user.
 * Each entry: the one-line summary (OpenAPI, docs/api.md), the request (`req`, or `meta` for a multipart call) and
 * the answer (`res`). The path, method and options of each call are its CALLS entry (../calls.ts).
 */
import { z } from 'zod';
import { AREA_CODES, SEND_CODE_DEFAULTS } from '../auth';
import { userView, type CallWires } from './shared';

export const authCalls = {
  sendCode: {
    summary: 'Send a login verification code by SMS',
    req: z.object({
      scene: z.coerce.number().int().default(SEND_CODE_DEFAULTS.scene),
      type: z.coerce.number().int().default(SEND_CODE_DEFAULTS.type),
      value: z.string().min(4).max(20),
      areaCode: z.enum(AREA_CODES),
      captcha: z.string().max(64).optional().default(''),
    }),
    res: z.object({ salt: z.string(), cooldownSeconds: z.number() }),
  },
  login: {
    summary: 'Log in with the phone and the SMS code',
    req: z.object({
      areaCode: z.enum(AREA_CODES),
      phone: z.string().min(4).max(20),
      code: z.string().min(4).max(8),
      salt: z.string().min(8).max(64),
    }),
    res: userView,
  },
  tokenLogin: {
    summary: "Log in with the broker app's token",
    req: z.object({
      t: z.string().min(10).max(4096),
      subAccountId: z.string().max(64).optional(),
      sessionId: z.string().max(128).optional(),
    }),
    res: userView,
  },
  /** a code to the phone of the caller's own session (the login screen's "log in again", its phone filled in) */
  reloginSendCode: {
    summary: "Send a login code to the phone of the caller's own session (log in again)",
    res: z.object({ salt: z.string(), cooldownSeconds: z.number(), areaCode: z.string(), phoneMasked: z.string() }),
  },
  /** logs in again as the caller's own session's user with that code: a new session (its login time now), the old one ended */
  relogin: {
    summary: "Log in again as the session's own user with that code (a fresh login time)",
    req: z.object({ code: z.string().min(4).max(8), salt: z.string().min(8).max(64) }),
    res: userView,
  },
  logout: { summary: "End the cookie's session", res: z.object({ ok: z.literal(true) }) },
  userInfo: { summary: 'The logged-in user', res: userView },
} as const satisfies CallWires;
