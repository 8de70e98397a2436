/**
 * Company search and manual company entry (spec part 1 §5 "Company search", part 2 §9). Zod-free: the search
 * screen, the employment page and the service share it.
 */
import { MAX_LEN, MIN_LEN, checkText, type Check } from './identity';
import type { FieldIssue } from './step-rules/types';

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

/** What the manual entry popup holds: the company's name and address as typed. */
export interface ManualCompany {
  name: string;
  address: string;
}

/** The manual entry's issues, field by field: the name (4-200), the address (required, at most 500, not the name again). */
export function manualCompanyIssues(form: ManualCompany): FieldIssue[] {
  const name = checkManualCompanyName(form.name);
  const address = checkManualCompanyAddress(form.address, form.name);
  return [...(name ? [{ field: 'name', rule: name }] : []), ...(address ? [{ field: 'address', rule: address }] : [])];
}

/** The {min}/{max} of the manual entry's messages. */
export const MANUAL_COMPANY_LIMITS = { name: { min: MIN_LEN.companyNameManual, max: MAX_LEN.companyName }, address: { max: MAX_LEN.address } } as const;
