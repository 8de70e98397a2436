/** Company registry vendor: name search and lookup by id for CompanySearch / CompanyInfo. */
export interface CompanyItem {
  id: string;
  name: string;
  /** registered location (address or city), '' when the registry has none */
  regLocation: string;
}

export interface CompanyPage {
  items: CompanyItem[];
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
  info(id: string): Promise<(CompanyItem & { vendor?: string }) | null>;
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
