/**
 * The closing steps' data (spec part 3 §3-5):
 * - RISK (/risk): {disclosureId: the confirmed track's id, agreements: the ticked agreement keys} — every risk
 *   agreement ticked; the customer authorisation one is allowed here and required by the service for listed channels.
 * - SIGN (/sign): {agreements: exactly the application's list (agreementsOf), readAll: 1, assetTransfer?: 0 | 1}.
 * - SIGNATURE (/signature): {documentInfo: {customerSignature: [one file of the applicant]}}.
 * - CAAPPLY (/caApply): {agreed: true, documents: {accountOpeningForm, w8ben, selfCertificationForm: the generated files' ossIds}}.
 * Unknown keys are refused ('choice'), as in every step. LIVINGWITNESS has its own file (living-witness.ts).
 */
import { AGREEMENTS, CA_DOCUMENTS, CUSTOMER_AUTHORISATION, RISK_AGREEMENTS, agreementsOf } from '../closing';
import { checkFiles } from '../uploads';
import type { Check } from '../identity';
import { extraKeys, objectOf } from './jobstatus';
import { issuesOf, type StepValidator } from '../step-rules/types';

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const ID = /^[A-Za-z0-9_-]{1,64}$/;
const checkId = (v: unknown): Check => (v === undefined || v === null || v === '' ? 'required' : typeof v === 'string' && ID.test(v) ? null : 'format');

/** A list of distinct keys of `all` holding every one of `required`. */
function checkKeys(v: unknown, all: readonly string[], required: readonly string[]): Check {
  if (!Array.isArray(v) || !v.length) return 'mustTick';
  if (!v.every((k) => typeof k === 'string' && all.includes(k)) || new Set(v).size !== v.length) return 'choice';
  return required.every((k) => v.includes(k)) ? null : 'mustTick';
}

export const validateRisk: StepValidator = (data) =>
  issuesOf([
    ['disclosureId', checkId(data.disclosureId)],
    ['agreements', checkKeys(data.agreements, [CUSTOMER_AUTHORISATION, ...RISK_AGREEMENTS], RISK_AGREEMENTS)],
    ...extraKeys(data, ['disclosureId', 'agreements'], ''),
  ]).map(fixRoot);

export const validateSign: StepValidator = (data, ctx) => {
  const list = agreementsOf(ctx);
  const agreements = data.agreements;
  const exact = Array.isArray(agreements) && agreements.length === list.length && list.every((a) => agreements.includes(a));
  return issuesOf([
    ['agreements', checkKeys(agreements, AGREEMENTS, list) ?? (exact ? null : 'notOffered')],
    ['readAll', data.readAll === 1 ? null : 'mustTick'],
    ['assetTransfer', data.assetTransfer === undefined || data.assetTransfer === 0 || data.assetTransfer === 1 ? null : 'choice'],
    ...extraKeys(data, ['agreements', 'readAll', 'assetTransfer'], ''),
  ]).map(fixRoot);
};

export const validateSignature: StepValidator = (data) => {
  const info = objectOf(data.documentInfo);
  const files = info.customerSignature;
  return issuesOf([
    ['documentInfo.customerSignature', checkFiles(files, 1) ?? (Array.isArray(files) && files.every((f) => objectOf(f).ossCategory === 'UserApply') ? null : 'fileRequired')],
    ...extraKeys(data.documentInfo, ['customerSignature'], 'documentInfo'),
    ...extraKeys(data, ['documentInfo'], ''),
  ]).map(fixRoot);
};

export const validateCaApply: StepValidator = (data) => {
  const docs = objectOf(data.documents);
  return issuesOf([
    ['agreed', data.agreed === true ? null : 'mustTick'],
    ['documents', isObject(data.documents) ? null : 'required'],
    ...CA_DOCUMENTS.map((d) => [`documents.${d}`, checkId(docs[d])] as const),
    ...extraKeys(data.documents, CA_DOCUMENTS, 'documents'),
    ...extraKeys(data, ['agreed', 'documents'], ''),
  ]).map(fixRoot);
};

/** extraKeys on the data itself gives ".key": the field is the key. */
function fixRoot<T extends { field: string }>(i: T): T {
  return i.field.startsWith('.') ? { ...i, field: i.field.slice(1) } : i;
}
