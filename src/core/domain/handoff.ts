/**
 * Start on a desktop, finish on the phone (issue 41). A logged-in applicant on a computer is offered a QR code (and a
 * short code to type) that opens the same application on their phone, logged in, at the same step. The rules here
 * are the pages' and the service's alike (docs/decisions.md, "Desktop to phone hand-off"):
 * - a hand-off lives HANDOFF_TTL_S, works once, and only while the session that made it lives;
 * - the link carries a random token (the QR); the short code is HANDOFF_CODE_LENGTH characters of an alphabet
 *   without the look-alikes 0/O, 1/I/L, typed on the phone's login screen;
 * - a session has one hand-off at a time: a new one ends the one before.
 * zod-free: the pages import it.
 */
import { HOME_ROUTE, STEP_NAMES, STEP_ROUTE, isStepName, resumeStep, type StepName } from './steps';
import { RESULT_ROUTE } from './after-submit';

export { HANDOFF_ROUTE, HANDOFF_PARAM } from './handoff-entry';

/** how long a QR code or short code can be used */
export const HANDOFF_TTL_S = 300;
/** the short code's characters: capitals and digits without 0, O, 1, I and L */
export const HANDOFF_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const HANDOFF_CODE_LENGTH = 6;
/** a token: 32 random bytes, base64url */
export const HANDOFF_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** how often the computer asks whether the phone opened the link, and how far it went */
export const HANDOFF_POLL_MS = 2000;

/** how long the computer follows the phone after it opened the code (it asks again only when told to) */
export const HANDOFF_FOLLOW_MAX_S = 30 * 60;

/** What the computer sees of its hand-off. */
export const HANDOFF_STATES = ['waiting', 'opened', 'expired', 'cancelled'] as const;
export type HandoffState = (typeof HANDOFF_STATES)[number];

/** data.reason of 152501: no such link or code, its time is over (or its computer logged out), or it was used. */
export const HANDOFF_REASONS = ['invalid', 'expired', 'used'] as const;
export type HandoffReason = (typeof HANDOFF_REASONS)[number];
export const handoffReasonOf = (data: unknown): HandoffReason => {
  const r = data && typeof data === 'object' ? (data as { reason?: unknown }).reason : undefined;
  return (HANDOFF_REASONS as readonly unknown[]).includes(r) ? (r as HandoffReason) : 'invalid';
};

/** A typed code as the service compares it: capitals, without the spaces and dashes people type between groups. */
export const normaliseHandoffCode = (typed: string): string => typed.toUpperCase().replace(/[\s-]+/g, '');

/**
 * The routes a computer can hand to the phone: the home screen, every step and the status pages (a function: nothing
 * is computed when the module loads).
 */
export const handoffRoutes = (): string[] => [HOME_ROUTE, ...STEP_NAMES.map((s) => STEP_ROUTE[s]), ...Object.values(RESULT_ROUTE)];
export const isHandoffRoute = (route: string): boolean => handoffRoutes().includes(route);

/**
 * Whether a browser is a phone's or a tablet's (no hand-off offered) rather than a computer's: by its user agent,
 * and an iPad that calls itself a Mac by its touch points.
 */
export function isMobileBrowser(userAgent: string, maxTouchPoints = 0): boolean {
  if (/Android|iPhone|iPad|iPod|Mobile|HarmonyOS|OpenHarmony|Windows Phone|Silk|KAIOS/i.test(userAgent)) return true;
  return /Macintosh/.test(userAgent) && maxTouchPoints > 1;
}

/** Whether a (normalised) text can be a short code at all: its length and characters. */
export const isHandoffCode = (code: string): boolean => code.length === HANDOFF_CODE_LENGTH && [...code].every((c) => HANDOFF_CODE_ALPHABET.includes(c));

/** The code as shown, in two groups of three ("K7M 4QX"): easier to read out and to type. */
export const formatHandoffCode = (code: string): string => `${code.slice(0, 3)} ${code.slice(3)}`;



/** How a step uses the camera, told on a computer: 'video' needs the phone's camera, 'photo' is easier with it. */
export type CameraUse = 'video' | 'photo';
export const STEP_CAMERA: Partial<Record<StepName, CameraUse>> = {
  LIVINGWITNESS: 'video',
  IDCARD: 'photo',
  HK_IDCARD: 'photo',
  BANKCARD: 'photo',
};

/** Where the phone is, as the computer follows it: the steps saved and the step being filled. */
export interface HandoffProgress {
  steps: readonly string[];
  latestStep: string | null;
  submitted: boolean;
}

/** The step the phone is on: the one after the latest saved (the last once all are saved); null before any step list. */
export function phoneStepOf(p: HandoffProgress): StepName | null {
  const steps = p.steps.filter(isStepName);
  if (steps.length === 0) return null;
  const step = resumeStep(steps, isStepName(p.latestStep) ? p.latestStep : null);
  return step === 'submit' ? steps[steps.length - 1] : step;
}

/**
 * How often the computer asks about its hand-off now: every HANDOFF_POLL_MS while it waits for the phone and while it
 * follows the phone, not once the code is over, the application submitted, or HANDOFF_FOLLOW_MAX_S after the phone
 * opened it (an unattended computer must not stay logged in by asking: each call keeps its session alive).
 */
export function handoffPollMs(
  d: { state: HandoffState; openedAt: string | null; progress: HandoffProgress | null } | undefined,
  nowMs: number,
): number | false {
  if (!d || d.state === 'waiting') return HANDOFF_POLL_MS;
  if (d.state !== 'opened' || d.progress?.submitted) return false;
  return d.openedAt && nowMs - Date.parse(d.openedAt) >= HANDOFF_FOLLOW_MAX_S * 1000 ? false : HANDOFF_POLL_MS;
}
