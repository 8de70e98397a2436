/**
 * The rules of the closing steps (spec part 3 §2-5, §9): the risk disclosure audio and its agreements, the
 * agreements to sign, the drawn signature, the generated documents of the certificate step. Used by the screens
 * (what to show, when Next is enabled) and by the service (what a save must contain).
 */
import { ACCOUNT_TYPE, MARKET, applicantAge, isMargin, isSenior } from './profile';
import type { StepContext } from './step-rules/types';
import type { ClientType } from './client-type';

// ------------------------------------------------------------------------------------------- risk disclosure audio

/** Languages of the risk audio tracks: Cantonese for hk applicants, Mandarin otherwise. */
export const RISK_LANG = { MANDARIN: 'zh', CANTONESE: 'yue' } as const;
export type RiskLang = (typeof RISK_LANG)[keyof typeof RISK_LANG];
export const riskLangOf = (clientType: ClientType): RiskLang => (clientType === 'hk' ? RISK_LANG.CANTONESE : RISK_LANG.MANDARIN);

/**
 * The risk disclosure statement's paragraphs (locales risk.statement.<key>): the text shown beside the player, and
 * the text scripts/make-risk-audio.ts reads aloud for the tracks (Mandarin from zh-CN, Cantonese from zh-TW).
 */
export const RISK_STATEMENT_PARAGRAPHS = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7'] as const;
/** The track language a page language reads as its own (the other tracks get the text opened with a note). */
export const RISK_LANG_OF_PAGE: Readonly<Record<string, RiskLang | undefined>> = { 'zh-CN': RISK_LANG.MANDARIN, 'zh-TW': RISK_LANG.CANTONESE };

/** Playback speeds offered; 10 only outside production (testers do not sit through the track). */
export const RISK_SPEEDS = [1, 1.25, 1.5] as const;
export const RISK_TEST_SPEED = 10;
export const riskSpeeds = (production: boolean): number[] => (production ? [...RISK_SPEEDS] : [...RISK_SPEEDS, RISK_TEST_SPEED]);
/** The fastest a track can be heard in this deployment: the service refuses a confirmation sooner than duration / this. */
export const fastestRiskSpeed = (production: boolean): number => Math.max(...riskSpeeds(production));

/** Reloads of a track after an audio error before the failure text stays. */
export const RISK_AUDIO_RETRIES = 3;

/** Seconds at the very end of a track that may be missing from the played ranges (decoders stop a frame short). */
export const RISK_END_TOLERANCE_S = 0.5;
/** The largest gap inside the played ranges still counted as continuous (the ranges split at rate changes). */
const RISK_GAP_TOLERANCE_S = 0.3;

/**
 * Whether the played ranges cover the whole track: from 0 to the end with no gap. A seek to the end adds a tiny
 * range there but leaves the gap before it, so it does not count; `ended` is not looked at.
 */
export function heardWholly(ranges: ReadonlyArray<readonly [number, number]>, duration: number): boolean {
  if (!(duration > 0) || !Number.isFinite(duration)) return false;
  const sorted = [...ranges].filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0]);
  let reached = 0;
  for (const [start, end] of sorted) {
    if (start > reached + RISK_GAP_TOLERANCE_S) return false;
    reached = Math.max(reached, end);
  }
  return reached >= duration - RISK_END_TOLERANCE_S;
}

/** Seconds heard from the start without a gap (for the progress shown while listening). */
export function heardFromStart(ranges: ReadonlyArray<readonly [number, number]>): number {
  let reached = 0;
  for (const [start, end] of [...ranges].sort((x, y) => x[0] - y[0])) {
    if (start > reached + RISK_GAP_TOLERANCE_S) break;
    reached = Math.max(reached, end);
  }
  return reached;
}

/** Remaining time of a track at a position, as m:ss. */
export function remainingLabel(duration: number, position: number): string {
  const left = Math.max(0, Math.ceil((Number.isFinite(duration) ? duration : 0) - position));
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
}

/** The agreements ticked on the risk page, in order; the customer authorisation one is prepended for listed channels. */
export const RISK_AGREEMENTS = ['riskHeard', 'riskUnderstood', 'riskOwnDecision'] as const;
export const CUSTOMER_AUTHORISATION = 'customerAuthorisation';
export type RiskAgreement = (typeof RISK_AGREEMENTS)[number] | typeof CUSTOMER_AUTHORISATION;

/** A channel code (aecode or channel of the application) in the deployment's list adds the customer authorisation agreement. */
export function riskAgreementsOf(app: { aecode?: string | null; channel?: string | null } | undefined, authChannels: readonly string[]): RiskAgreement[] {
  const codes = [app?.aecode, app?.channel].filter((c): c is string => !!c).map((c) => c.toUpperCase());
  const listed = codes.some((c) => authChannels.some((a) => a.toUpperCase() === c));
  return listed ? [CUSTOMER_AUTHORISATION, ...RISK_AGREEMENTS] : [...RISK_AGREEMENTS];
}

// ------------------------------------------------------------------------------------------- agreements to sign

/** The eight agreements, in the order listed on /sign; each has a PDF per language under static/agreements/<lang>/. */
export const AGREEMENTS = [
  'clientAgreement',
  'riskDisclosureStatement',
  'personalDataNotice',
  'electronicServices',
  'clientMoneyStandingAuthority',
  'marginStandingAuthority',
  'usOptionsAgreement',
  'specialClientDisclosure',
] as const;
export type Agreement = (typeof AGREEMENTS)[number];

/**
 * The agreements an application signs: the margin standing authority only for account types 2 and 3, the US
 * options agreement only with market flag 16, the special-client risk disclosure only for ages 65-75 on margin.
 */
export function agreementsOf(ctx: Pick<StepContext, 'saved' | 'clientType' | 'today'>): Agreement[] {
  const account = ctx.saved.SELECTACCOUNT ?? {};
  const accountType = account.accountType;
  const markets = typeof account.marketOpen === 'number' ? account.marketOpen : 0;
  const margin = isMargin(accountType);
  return AGREEMENTS.filter((a) => {
    if (a === 'marginStandingAuthority') return accountType === ACCOUNT_TYPE.MARGIN || accountType === ACCOUNT_TYPE.MARGIN_SPECIAL;
    if (a === 'usOptionsAgreement') return (markets & MARKET.OPTIONS) !== 0;
    if (a === 'specialClientDisclosure') return margin && isSenior(applicantAge(ctx));
    return true;
  });
}

/** The static PDF of an agreement in a language (en, zh-CN, zh-TW), written by scripts/make-agreements.ts. */
export const agreementPdfPath = (a: Agreement, lang: string): string => `/pages/static/agreements/${lang}/${a}.pdf`;

/** Asset-transfer protocol status: 0 hides the box, any other value shows it, 2 shows it ticked and locked. */
export const PROTOCOL_STATUS = { NONE: 0, OFFERED: 1, SIGNED: 2 } as const;
export const assetTransferBox = (status: number): 'hidden' | 'open' | 'locked' =>
  status === PROTOCOL_STATUS.NONE ? 'hidden' : status === PROTOCOL_STATUS.SIGNED ? 'locked' : 'open';

// ------------------------------------------------------------------------------------------- signature

/** The signature file's name: the phone and this suffix (part 3 §7). */
export const SIGNATURE_FILE_SUFFIX = '_signature.png';
export const signatureFileName = (phone: string): string => `${phone.replace(/\*/g, 'x').replace(/[^0-9x]/g, '')}${SIGNATURE_FILE_SUFFIX}`;
/** Least ink a signature must have: strokes this long in all on the pad (CSS pixels)… */
export const SIGNATURE_MIN_STROKE_PX = 120;
/** …and, in the PNG the service receives, this many dark pixels spread over at least this width. */
export const SIGNATURE_MIN_INK_PIXELS = 300;
export const SIGNATURE_MIN_INK_WIDTH = 40;
/** A pixel darker than this (0-255 grey, on white) is ink. */
export const SIGNATURE_INK_LEVEL = 160;
/** Largest signature image accepted (bytes) and the pixel bounds of its PNG. */
export const SIGNATURE_MAX_BYTES = 512 * 1024;
export const SIGNATURE_MAX_SIDE = 2400;

// ------------------------------------------------------------------------------------------- certificate (CA) documents

export const CA_DOCUMENTS = ['accountOpeningForm', 'w8ben', 'selfCertificationForm'] as const;
export type CaDocument = (typeof CA_DOCUMENTS)[number];
