/**
 * Company registry vendor: name search and lookup by id for CompanySearch / CompanyInfo. The vendor answers what the
 * registry holds in every language it has; the lookup service writes it in the applicant's language.
 */
export interface CompanyRecord {
  id: string;
  /** the registered name (Chinese for mainland and most HK companies) */
  name: string;
  /** the English name, '' when the registry has none */
  nameEn: string;
  /** registered location (address or city) as registered, '' when the registry has none */
  regLocation: string;
  /** the registered location in English, '' when the registry has none */
  regLocationEn: string;
}

/** A company as the calls answer it: name and location in one language. */
export interface CompanyItem {
  id: string;
  name: string;
  regLocation: string;
}

export interface CompanyPage {
  items: CompanyRecord[];
  total: number;
}

export interface CompanySearchQuery {
  /** 2-100 characters, trimmed */
  word: string;
  pageSize: number;
  pageNum: number;
}

export interface CompanyVendor {
  /** answered as `vendor` by both calls ('local' for the database) */
  readonly name: string;
  search(query: CompanySearchQuery): Promise<CompanyPage & { vendor?: string }>;
  /** null when the id is unknown */
  info(id: string): Promise<(CompanyRecord & { vendor?: string }) | null>;
}

export interface CompanySettings {
  /** 'local' (default: the companies table) or 'http' */
  COMPANY_VENDOR?: 'local' | 'http';
  /** for 'http': the base URL of the registry adapter (see http.ts) */
  COMPANY_HTTP_URL?: string;
  /** for 'http': sent as `Authorization: Bearer <key>` when set */
  COMPANY_HTTP_KEY?: string;
  COMPANY_HTTP_TIMEOUT_MS?: number;
}
