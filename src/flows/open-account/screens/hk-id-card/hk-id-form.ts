/**
 * The /HK_IDcard form: its state, the HK_IDCARD payload it makes, the state it starts from (draft, then saved
 * data, then defaults) and the changes the page's rules make when an answer changes (spec part 1 §4 "Non-mainland
 * ID page"). Pure; the document rules themselves are the domain's (hk-identity.ts).
 */
import { CHINA, defaultLanguageFor } from '@core/domain/countries';
import {
  allowedDocTypes,
  docNumberMax,
  docPayload,
  docTypeOf,
  fixedIssuingCountry,
  HK_DOC,
  normaliseDocNumber,
  normalisePermanentIdNumber,
  PERMANENT,
  type HkDocType,
  type PermanentAnswer,
} from '@core/domain/hk-identity';
import { MAX_LEN } from '@core/domain/identity';
import { isFileRef, MAX_FILES, type FileRefData } from '@core/domain/uploads';

export const STEP = 'HK_IDCARD';

export interface HkIdForm {
  permanent: PermanentAnswer;
  nationality: string;
  doc: HkDocType | null;
  /** the issuing country (fixed ones included) */
  issuingCountry: string;
  idNumber: string;
  front: FileRefData | null;
  back: FileRefData | null;
  /** non-permanent only */
  permanentCountry: string;
  permanentIdNumber: string;
  proofs: FileRefData[];
}

export const emptyForm = (permanent: PermanentAnswer = PERMANENT.YES): HkIdForm => ({
  permanent,
  nationality: '',
  doc: null,
  issuingCountry: '',
  idNumber: '',
  front: null,
  back: null,
  permanentCountry: '',
  permanentIdNumber: '',
  proofs: [],
});

const isPermanent = (f: Pick<HkIdForm, 'permanent'>) => f.permanent === PERMANENT.YES;
const s = (v: unknown) => (typeof v === 'string' ? v : '');
const ref = (v: unknown): FileRefData | null => (isFileRef(v) ? v : null);

/** The HK_IDCARD payload (exactly the shape of the step; optional parts left out when empty). */
export function toHkIdData(f: HkIdForm): Record<string, unknown> {
  const { idType, idCountry } = f.doc !== null ? docPayload(f.doc, f.issuingCountry) : { idType: undefined, idCountry: f.issuingCountry || undefined };
  const nonMainlandDocument: Record<string, unknown> = {};
  if (f.front) nonMainlandDocument.front = f.front;
  if (f.back && f.doc === HK_DOC.MACAU_ID) nonMainlandDocument.back = f.back;
  const data: Record<string, unknown> = {
    permanentResident: f.permanent,
    nationality: f.nationality || undefined,
    idType,
    idCountry,
    idNumber: f.idNumber,
    defaultLanguage: defaultLanguageFor(f.nationality || undefined),
    documentInfo: isPermanent(f) ? { nonMainlandDocument } : { nonMainlandDocument, idCard: f.proofs },
  };
  if (!isPermanent(f)) data.idExtraInfo = { permanent: { idType: null, idNumber: f.permanentIdNumber, idCountry: f.permanentCountry } };
  // undefined keys are not sent
  return JSON.parse(JSON.stringify(data)) as Record<string, unknown>;
}

/** The form a saved (or draft) payload describes. */
export function fromHkIdData(d: Record<string, unknown> | undefined): HkIdForm {
  if (!d || typeof d !== 'object') return emptyForm();
  const permanent: PermanentAnswer = d.permanentResident === PERMANENT.NO ? PERMANENT.NO : PERMANENT.YES;
  const docInfo = (d.documentInfo ?? {}) as Record<string, unknown>;
  const nmd = (docInfo.nonMainlandDocument ?? {}) as Record<string, unknown>;
  const extra = ((d.idExtraInfo as Record<string, unknown> | undefined)?.permanent ?? {}) as Record<string, unknown>;
  const nationality = s(d.nationality) === CHINA ? '' : s(d.nationality);
  return {
    permanent,
    nationality,
    doc: docTypeOf(d.idType, d.idCountry),
    issuingCountry: s(d.idCountry),
    idNumber: s(d.idNumber),
    front: ref(nmd.front),
    back: ref(nmd.back),
    permanentCountry: permanent === PERMANENT.NO ? s(extra.idCountry) : '',
    permanentIdNumber: permanent === PERMANENT.NO ? s(extra.idNumber) : '',
    proofs: permanent === PERMANENT.NO && Array.isArray(docInfo.idCard) ? docInfo.idCard.filter(isFileRef) : [],
  };
}

/** The document types the type picker offers now. */
export const docTypesOf = (f: HkIdForm) => allowedDocTypes(isPermanent(f), f.nationality || undefined, isPermanent(f) ? undefined : f.issuingCountry || undefined);

/** The answer to "permanent resident?" changed: the whole form starts again. */
export const withPermanent = (f: HkIdForm, permanent: PermanentAnswer): HkIdForm => (permanent === f.permanent ? f : emptyForm(permanent));

/**
 * A new (allowed) nationality: the uploaded documents go; a permanent resident's document type is kept only
 * when still offered (another nationality forces a passport) and the issuing country follows the nationality
 * (HK, MO fixed; otherwise the passport's own, kept unless it was the old fixed one).
 */
export function withNationality(f: HkIdForm, nationality: string): HkIdForm {
  if (nationality === f.nationality) return f;
  const next: HkIdForm = { ...f, nationality, front: null, back: null };
  if (!isPermanent(f)) return next;
  const allowed = allowedDocTypes(true, nationality, undefined);
  const doc = allowed.length === 1 ? allowed[0] : f.doc !== null && allowed.includes(f.doc) ? f.doc : null;
  const fixed = fixedIssuingCountry(true, nationality, doc);
  const oldFixed = fixedIssuingCountry(true, f.nationality || undefined, f.doc);
  const issuingCountry = fixed ?? (doc === HK_DOC.PASSPORT && !oldFixed ? f.issuingCountry : '');
  return { ...next, doc, issuingCountry, idNumber: doc === null ? '' : normaliseDocNumber(doc, f.idNumber) };
}

/** A new document type: the uploaded documents go; the issuing country is the fixed one or, for a passport, picked. */
export function withDocType(f: HkIdForm, doc: HkDocType): HkIdForm {
  if (doc === f.doc) return f;
  const fixed = fixedIssuingCountry(isPermanent(f), f.nationality || undefined, doc);
  const issuingCountry = fixed ?? (f.doc === HK_DOC.PASSPORT ? f.issuingCountry : '');
  return { ...f, doc, issuingCountry, idNumber: normaliseDocNumber(doc, f.idNumber), front: null, back: null };
}

/** A passport's issuing country (never CN: the picker does not offer it). */
export const withIssuingCountry = (f: HkIdForm, code: string): HkIdForm => (code === CHINA ? f : { ...f, issuingCountry: code });

/** A new permanent-residence country: the permanent ID number is typed again by that country's rule. */
export const withPermanentCountry = (f: HkIdForm, code: string): HkIdForm =>
  code === f.permanentCountry ? f : { ...f, permanentCountry: code, permanentIdNumber: normalisePermanentIdNumber(code, f.permanentIdNumber) };

// ---------------------------------------------------------------- the page's texts, limits and fields
export const DOC_LABEL: Record<HkDocType, string> = {
  [HK_DOC.HK_ID]: 'hkid.docType.hkId',
  [HK_DOC.MACAU_ID]: 'hkid.docType.macauId',
  [HK_DOC.PASSPORT]: 'hkid.docType.passport',
};

/** the {max} of the length messages: the document number's by type, the proof files, the other ID numbers */
export const limitsOf = (f: HkIdForm): Record<string, number> => ({
  idNumber: docNumberMax(f.doc),
  'documentInfo.idCard': MAX_FILES.overseasId,
  'idExtraInfo.permanent.idNumber': MAX_LEN.otherIdNumber,
});
/** the validator's fields of the form's keys (a key's change clears its service issue, its touch shows its error) */
export const FIELD = {
  doc: 'idType',
  issuingCountry: 'idCountry',
  front: 'documentInfo.nonMainlandDocument.front',
  back: 'documentInfo.nonMainlandDocument.back',
  permanentCountry: 'idExtraInfo.permanent.idCountry',
  permanentIdNumber: 'idExtraInfo.permanent.idNumber',
  proofs: 'documentInfo.idCard',
} as const;
// a passport's issuing country goes with its type (the service may refuse the pair on the type)
export const LINKED = { ...Object.fromEntries(Object.entries(FIELD).map(([k, f]) => [k, [f]])), issuingCountry: [FIELD.issuingCountry, FIELD.doc] };

/** The front tile of a document type: its label and drawing. */
export const FRONT_TILE: Record<HkDocType, { label: string; kind: 'passport' | 'hkFront' }> = {
  [HK_DOC.HK_ID]: { label: 'hkid.upload.hkFront', kind: 'hkFront' },
  [HK_DOC.MACAU_ID]: { label: 'hkid.upload.macauFront', kind: 'hkFront' },
  [HK_DOC.PASSPORT]: { label: 'hkid.upload.passport', kind: 'passport' },
};
