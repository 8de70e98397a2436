/**
 * The statement step (restricted mainland applicants; spec part 1 §2 "Statement page", §3 "Statement",
 * §4 "Statement page variant"). Zod-free: the screen and the service share it.
 */
import { isRejected } from './status';
import { STATEMENT_TYPE, type StatementType } from './steps/statement';
import { at } from './step-rules/types';

/** statementInfo.type: 1 has an HK (non-permanent) identity document, 0 has not, 2 the old variant (statement only). */
export { STATEMENT_TYPE, type StatementType };

export type StatementVariant = 'new' | 'old';

/** Statements must have been issued within this many months (shown as a hint; the reviewer checks the date). */
export const STATEMENT_MAX_AGE_MONTHS = 6;

const hasFiles = (v: unknown) => (Array.isArray(v) ? v.length > 0 : !!v && typeof v === 'object');

/**
 * Which page variant an application gets. The spec hides the status codes; our reading (docs/decisions.md):
 * a fresh or in-progress application → new; a rejected one → new only when its saved data holds files
 * that only the new variant collects — overseas-identity proof (STATEMENT documentInfo.idCardForeign), the
 * HK document's front (documentInfo.idCardHK) or tax files (documentInfo.idCardTaxInfo of STATEMENT or
 * TAXINFO) — else old, so that a statement sent back for correction is not asked new questions.
 */
export function statementVariant(app: { applyStatus: number; data: Record<string, unknown> }): StatementVariant {
  if (!isRejected(app.applyStatus)) return 'new';
  const statement = app.data.STATEMENT;
  const tax = app.data.TAXINFO;
  const newOnly = [
    at(statement, 'documentInfo.idCardForeign'),
    at(statement, 'documentInfo.idCardHK.front'),
    at(statement, 'documentInfo.idCardTaxInfo'),
    at(tax, 'documentInfo.idCardTaxInfo'),
  ];
  return newOnly.some(hasFiles) ? 'new' : 'old';
}

/** The statement types a variant may send. */
export function typesOfVariant(variant: StatementVariant): readonly StatementType[] {
  return variant === 'old' ? [STATEMENT_TYPE.OLD] : [STATEMENT_TYPE.NO_HK_DOCUMENT, STATEMENT_TYPE.HK_DOCUMENT];
}

/** Account numbers as typed: spaces dropped (spec part 1 §5). */
export const normaliseAccount = (raw: string) => raw.replace(/\s+/g, '');
