/**
 * The Hong Kong investor identification regime (HKIDR; SFC, in force since 20 March 2023) after opening (issue 13):
 * the broker gives each client a BCAN (Broker-to-Client Assigned Number) and sends the SEHK the client's identification
 * data (CID: name, identity document type, number and issuing place) with it. An individual client must consent in
 * writing to that transfer of personal data; without the consent the client may only sell existing holdings.
 *
 * Also the after-opening pages of their own (pages/investorIdentifier.html, pages/improveInfo.html) and the app's
 * page ticket that opens them (docs/decisions.md). Pure and zod-free: the screens and the service use the same rules.
 */
import { HK_IDENTIFIER } from './account';
import { HK_IDENTIFIER_ROUTE, PAGE_TICKET_PARAM } from './account-routes';
import type { ClientType } from './client-type';
import { CHINA } from './countries';
import { HK_ID_TYPE, HK, MO } from './hk-identity';
import type { FieldIssue } from './step-rules/types';

/**
 * The consent the client signs: its text is `hkIdentifier.consent.p1`…`pN` of locales/<lang>.json, fixed for a
 * version. CONSENT_SHA256 is each language's SHA-256 of the paragraphs joined by a blank line (the service records
 * it with the signature); a test fails when a text changes without a new version.
 */
export const HKIDR_CONSENT = {
  version: '2023-03.1',
  paragraphs: 5,
} as const;

export const CONSENT_SHA256: Readonly<Record<'zh-CN' | 'zh-TW' | 'en', string>> = {
  'zh-CN': '0c2f5d9d3e6b7448223ccd5d477036f96b4fd007b65f8a46cdc181436e2d6e8f',
  'zh-TW': '43f793f696776de0610227cb7808472a33e30b408dbf59f998d974861d84fe7d',
  en: '30d3c80de229466970a32a99886dc19c9dc0aafd982c660546a64c27b8165798',
};

/** The consent's paragraph keys in order (hkIdentifier.consent.p1 …). */
export const consentKeys = (): string[] => Array.from({ length: HKIDR_CONSENT.paragraphs }, (_, i) => `p${i + 1}`);

/** Whether an account's consent is still to be signed (extra.needSignHKIdentifier 1). */
export const needsHkIdentifier = (needSign: number): boolean => needSign === HK_IDENTIFIER.TO_SIGN;

/** The identity document types of the HKIDR's client identification data, in the regime's order of preference. */
export const CID_ID_TYPE = { HKID: 'HKID', NATIONAL_ID: 'NATIONAL_ID', PASSPORT: 'PASSPORT' } as const;
export type CidIdType = (typeof CID_ID_TYPE)[keyof typeof CID_ID_TYPE];

/** The client identification data sent with the BCAN (as the page shows it: the number masked). */
export interface ClientIdentification {
  /** the name in English as on the identity document (surname first) */
  englishName: string;
  /** the Chinese name, '' when the client has none */
  chineseName: string;
  idType: CidIdType;
  /** the document number, masked (maskIdNumber) */
  idNumberMasked: string;
  /** ISO country (or HK, MO) that issued the document */
  issuingCountry: string;
}

/**
 * A document number as the page shows it: the first two and the last two characters, the rest as stars (the length
 * kept); four characters or fewer are all stars.
 */
export function maskIdNumber(raw: string): string {
  const s = raw.replace(/[\s()]/g, '');
  if (s.length <= 4) return '*'.repeat(s.length);
  return s.slice(0, 2) + '*'.repeat(s.length - 4) + s.slice(-2);
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/**
 * The identification data of the client who opened with an application (its saved steps): a mainland client's
 * resident identity card (IDCARD, a national identity document issued by CN); an HK / overseas client's document of
 * the HK_IDCARD step (an HK identity card, a Macau identity card as the national identity document of MO, or a
 * passport) with the names of USERINFO. Null when the steps hold no document (an account brought over, NGW).
 */
export function identificationOf(clientType: ClientType, data: Record<string, unknown> | null | undefined): ClientIdentification | null {
  const d = obj(data);
  if (clientType === 'cn') {
    const id = obj(d.IDCARD);
    const number = text(id.idNumber);
    if (!number) return null;
    return { englishName: text(id.englishName), chineseName: text(id.chineseName), idType: CID_ID_TYPE.NATIONAL_ID, idNumberMasked: maskIdNumber(number), issuingCountry: CHINA };
  }
  const doc = obj(d.HK_IDCARD);
  const names = obj(d.USERINFO);
  const number = text(doc.idNumber);
  const country = text(doc.idCountry);
  if (!number || !country) return null;
  const idType: CidIdType | null =
    doc.idType === HK_ID_TYPE.PASSPORT ? CID_ID_TYPE.PASSPORT : doc.idType === HK_ID_TYPE.ID_CARD ? (country === HK ? CID_ID_TYPE.HKID : country === MO ? CID_ID_TYPE.NATIONAL_ID : null) : null;
  if (!idType) return null;
  return { englishName: text(names.englishName), chineseName: text(names.chineseName), idType, idNumberMasked: maskIdNumber(number), issuingCountry: country };
}

/** How the consent was given: through the app (its page ticket opened the page in this session) or a web session. */
export const CONSENT_CHANNEL = { APP: 'app', WEB: 'web' } as const;
export type ConsentChannel = (typeof CONSENT_CHANNEL)[keyof typeof CONSENT_CHANNEL];

export { HK_IDENTIFIER_ROUTE };

/** Where the page opens for an account: the consent while it is to be signed, else the result. */
export const hkIdentifierLanding = (needSign: number) => (needsHkIdentifier(needSign) ? HK_IDENTIFIER_ROUTE.consent : HK_IDENTIFIER_ROUTE.result);

// ---------------------------------------------------------------- the after-opening pages and the app's page ticket

/** The after-opening pages of their own (not routes of the open-account page). */
export const ACCOUNT_PAGES = {
  hkIdentifier: '/pages/investorIdentifier.html',
  improveInfo: '/pages/improveInfo.html',
} as const;
export type AccountPage = keyof typeof ACCOUNT_PAGES;
export const ACCOUNT_PAGE_NAMES = Object.keys(ACCOUNT_PAGES) as AccountPage[];

/**
 * The link to a page for an account: `?sub=<sub-account>` (a browser's session suffices) or, from the app,
 * `?ticket=<page ticket>` (the ticket names the account); the identifier page's route after the hash.
 */
export function accountPageUrl(page: AccountPage, q: { sub?: string; ticket?: string }, route = '/'): string {
  const query = new URLSearchParams();
  if (q.sub) query.set('sub', q.sub);
  if (q.ticket) query.set(PAGE_TICKET_PARAM, q.ticket);
  const s = query.toString();
  return `${ACCOUNT_PAGES[page]}${s ? `?${s}` : ''}#${route}`;
}

/** The longest life of a page ticket the service accepts (the app makes it just before it opens the page). */
export const PAGE_TICKET_MAX_S = 300;

/** data.reason of 152201: the ticket is not one (or not for this page), its time is over, or it was used by another session. */
export const TICKET_REASONS = ['invalid', 'expired', 'used'] as const;
export type TicketReason = (typeof TICKET_REASONS)[number];
export const ticketReasonOf = (data: unknown): TicketReason => {
  const r = obj(data).reason;
  return (TICKET_REASONS as readonly unknown[]).includes(r) ? (r as TicketReason) : 'invalid';
};

/** The consent form: the applicant must tick that they agree before signing. */
export const consentIssues = (form: { agreed: boolean }): FieldIssue[] => (form.agreed ? [] : [{ field: 'agreed', rule: 'mustTick' }]);
