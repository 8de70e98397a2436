import { VERIFY_CODE_LENGTH } from './limits';

// zod-free: the browser's login screen imports these rules (zod lives in the wire schemas, calls/*.ts)
/** Phone number rules per area code (digits only; the area code without "+"). */
export const AREA_CODES = ['86', '852', '853', '886', '1', '44', '65'] as const;
export type AreaCode = (typeof AREA_CODES)[number];

/** The area code a login form starts with: mainland China's on a simplified-Chinese phone, Hong Kong's otherwise. */
export function defaultAreaCode(lang: string): AreaCode {
  return lang === 'zh-CN' ? '86' : '852';
}

const PHONE_RULES: Record<AreaCode, RegExp> = {
  '86': /^1[3-9]\d{9}$/,
  '852': /^[4-9]\d{7}$/,
  '853': /^6\d{7}$/,
  '886': /^9\d{8}$/,
  '1': /^[2-9]\d{9}$/,
  '44': /^7\d{9}$/,
  '65': /^[89]\d{7}$/,
};

export function isValidPhone(areaCode: string, phone: string): boolean {
  const rule = PHONE_RULES[areaCode as AreaCode];
  return !!rule && rule.test(phone);
}

/** Strips spaces and dashes a user may type. */
export function cleanPhone(input: string): string {
  return input.replace(/[\s-]/g, '');
}

export function isValidCode(code: string): boolean {
  return new RegExp(`^\\d{${VERIFY_CODE_LENGTH}}$`).test(code);
}

/** Send-code scene and type defaults (part 3 §5). */
export const SEND_CODE_DEFAULTS = { scene: 10, type: 1 } as const;

/**
 * A cookie the page can read that says "a session was started here" (value "1", no secret; the session itself
 * is the HttpOnly esop_sid). Without it the page knows the visitor is anonymous without asking the service.
 */
export const SESSION_HINT_COOKIE = 'esop_in';

/** Whether a Cookie header (or document.cookie) carries the hint. Self-contained: its source is also written into each built page (scripts/first-screen-script.ts), which passes `name`. */
export function hasSessionHint(cookieHeader: string, name: string = SESSION_HINT_COOKIE): boolean {
  return cookieHeader.split(';').some((c) => c.trim() === `${name}=1`);
}

// ---------------------------------------------------------------- where a screen goes back to after it

/** Another page of ours (`/pages/<name>.html…`): the after-opening pages send their visitors to log in here. */
const OWN_PAGE = /^\/pages\/[A-Za-z]+\.html(?:[?#][^\\\s\x00-\x1f]*)?$/;
/** A route of this page: one slash then anything but a second slash or a backslash; no spaces or control characters. */
const OWN_ROUTE = /^\/(?![/\\])[^\\\s\x00-\x1f]*$/;

export const isOwnPage = (path: string): boolean => OWN_PAGE.test(path);

/**
 * A return path taken from the address (the login screen's `redirect`, the trading password's `next`): a route of this
 * page, or, with `otherPages`, another page of ours; never another origin, a protocol-relative or backslashed address
 * (`//x`, `/\x`: browsers read both as another host), whitespace (browsers drop tabs and newlines: `/\t/x` is `//x`),
 * the login screen itself (a loop), nor anything over 1024 characters. Anything else gives `fallback`.
 */
export function safeReturnPath(value: string | null | undefined, fallback: string, opts: { otherPages?: boolean } = {}): string {
  if (!value || value.length > 1024) return fallback;
  if (OWN_PAGE.test(value)) return opts.otherPages ? value : fallback;
  if (!OWN_ROUTE.test(value) || /^\/login(?:[/?#]|$)/i.test(value)) return fallback;
  return value;
}

/**
 * The browser's device id (review desk duplicates, issue 28): a random id the service gives a browser at its first
 * login and keeps (httpOnly, two years), recorded against each user who logs in with it, so that staff see
 * applications made by different users from the same browser. It identifies a browser, not a person.
 */
export const DEVICE_COOKIE = 'esop_dev';
export const DEVICE_COOKIE_DAYS = 730;
/** 16 random bytes, base64url */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
