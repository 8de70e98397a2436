/**
 * Company search and manual company entry (spec part 1 §5 "Company search", part 2 §9). Zod-free: the search
 * screen, the employment page and the service share it.
 */
import { MAX_LEN, MIN_LEN, checkText, type Check } from './identity';

/** Searching starts at this many characters, waits this long after the last key, and asks for pages of this size. */
export const COMPANY_SEARCH = { minChars: 2, debounceMs: 200, pageSize: 10 } as const;

/** A chosen or typed company: `id` is the lookup's id, absent for a manual entry. */
export interface CompanyChoice {
  id?: string;
  name: string;
  /** the registered location of a found company, or the address typed in manual entry */
  address: string;
  manual: boolean;
}

/** The search word as sent: trimmed; null while too short to search. */
export function searchWord(typed: string): string | null {
  const w = typed.trim();
  return w.length >= COMPANY_SEARCH.minChars ? w.slice(0, 100) : null;
}

/** A company name typed by hand: 4 to 200 characters. */
export function checkManualCompanyName(v: unknown): Check {
  const c = checkText(v, MAX_LEN.companyName);
  if (c) return c;
  return (v as string).trim().length < MIN_LEN.companyNameManual ? 'tooShort' : null;
}

/** The address of a company typed by hand: required, at most 500, and not the company name again. */
export function checkManualCompanyAddress(v: unknown, name: unknown): Check {
  const c = checkText(v, MAX_LEN.address);
  if (c) return c;
  const norm = (s: unknown) => (typeof s === 'string' ? s.trim().replace(/\s+/g, ' ').toLowerCase() : '');
  return norm(v) === norm(name) ? 'sameAsName' : null;
}
