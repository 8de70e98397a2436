/** AML screening vendor: screens one applicant (names and birth date) against a watch list. */

/** The applicant as the identity steps saved them. */
export interface AmlSubject {
  /** Chinese name ('' when the applicant has none: hk applicants without one) */
  chineseName: string;
  /** surname in Latin letters (pinyin for cn, the identity document's English for hk) */
  lastName: string;
  /** given name in Latin letters */
  firstName: string;
  /** YYYY-MM-DD */
  birthday: string;
}

/** How a watch-list entry matched (strongest first; 'vendor': an HTTP vendor's own matching, not said how). */
export const MATCH_KINDS = ['chinese', 'latin', 'romanised', 'near', 'vendor'] as const;
export type MatchKind = (typeof MATCH_KINDS)[number];

/** One watch-list entry that matched the applicant. */
export interface AmlMatch {
  /** the list the entry came from and its reference there */
  source: string;
  id: string;
  /** the entry's name as listed */
  listedName: string;
  /** the entry's name or alias that matched */
  matchedName: string;
  /** which of the applicant's names matched: the Chinese name or the Latin (surname + given name) one; null when a vendor does not say */
  applicantName: 'chineseName' | 'latinName' | null;
  /**
   * chinese: the same Chinese characters; latin: the same Latin name (case, spacing, order, diacritics,
   * hyphens and apostrophes aside); romanised: a Chinese name and its pinyin (or two Chinese names read alike);
   * near: a name within the edit distance of nearDistance(), with the same birth date; vendor: an HTTP vendor's match
   */
  how: MatchKind;
  /** letters changed between the two keys (0 unless near) */
  distance: number;
  /** the entry's birth date, null when the list gives none */
  birthDate: string | null;
}

export interface AmlScreening {
  matches: AmlMatch[];
  /** the vendor's own reference of the screening, when it gives one */
  reference?: string;
  /** the vendor's name when it differs from AmlVendor.name (an HTTP gateway naming its upstream) */
  vendor?: string;
}

export interface AmlVendor {
  /** stored with each check ('local' for the aml_watchlist table) */
  readonly name: string;
  /** a hit is a screening with at least one match */
  screen(subject: AmlSubject): Promise<AmlScreening>;
}

export interface AmlSettings {
  /** 'local' (default: the aml_watchlist table) or 'http' */
  AML_VENDOR?: 'local' | 'http';
  /** for 'http': the base URL of the screening service (see http.ts) */
  AML_HTTP_URL?: string;
  /** for 'http': sent as `Authorization: Bearer <key>` when set */
  AML_HTTP_KEY?: string;
  AML_HTTP_TIMEOUT_MS?: number;
}
