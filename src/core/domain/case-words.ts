/**
 * An application in words (issue 36): every field of every step as a labelled row whose value is the text the
 * applicant picked it by, from the same tables the applicant's screens use (the option codes of profile.ts and
 * hk-identity.ts, the screens' own message keys in locales/<lang>.json, the country names, the broker list). The
 * review desk shows these rows in the reviewer's language, compares two versions of them (what a resubmission
 * changed), and names each document by what it is.
 *
 * Each step's rows are its `describe` (steps/<step>.ts, on the parts of steps/words-kit.ts; their table steps/words.ts
 * is written by `npm run steps`); this module puts them in the flow's order, compares versions and names the documents.
 *
 * Pure: messages are ids with values, never text; the desk formats them with react-intl. Each row says which data
 * paths it covers, so a test can fail when a step saves a field no row describes (case-words.test.ts).
 */
import { EVIDENCE_BOXES } from './derivative-evidence';
import { HK_DOC, docTypeOf } from './hk-identity';
import { stepData, type ContactInfo, type StoredFile } from './step-shapes';
import { STEP_NAMES, type StepName } from './steps';
import { DESCRIBE_OF } from './steps/words';
import { at } from './step-rules/types';
import { Rows, contactRows, country, filesOf, m, txt, type ClientKind, type FieldRow, type Msg, type Part } from './steps/words-kit';

export type { ClientKind, FieldRow, Msg, Part } from './steps/words-kit';

export interface StepWords {
  step: StepName;
  rows: FieldRow[];
  /** paths the step saves that are bookkeeping, not answers (shown nowhere on purpose) */
  internal: string[];
}

/** The rows of one step's saved data (read by the step's schema; nothing saved reads as no answers). */
export function describeStep(step: StepName, data: Record<string, unknown>, kind: ClientKind): StepWords {
  const r = DESCRIBE_OF[step](stepData(data, step) ?? {}, kind);
  return { step, rows: r.rows, internal: r.internal };
}

/** The application's steps in the flow's order, those with saved data, in words. */
export function describeApplication(data: Record<string, unknown>, steps: readonly string[], kind: ClientKind): StepWords[] {
  const order = steps.filter((s): s is StepName => (STEP_NAMES as readonly string[]).includes(s));
  return order.filter((s) => data[s] && typeof data[s] === 'object').map((s) => describeStep(s, data, kind));
}

/** `data` with the value at a dotted path replaced (objects along the path copied, nothing else touched). */
function withValueAt(data: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const [head, ...rest] = path.split('.');
  const inner = data[head];
  return { ...data, [head]: rest.length ? withValueAt(inner && typeof inner === 'object' ? (inner as Record<string, unknown>) : {}, rest.join('.'), value) : value };
}

/**
 * What an OCR reading of a field says, in the words the step's own row uses (the desk's "read" column: "Male", not
 * 1): the step's data with that field replaced by the reading (a number where the saved value is a number, or where
 * nothing is saved and the reading is a small code), described by the step; null when no row covers the field.
 */
export function readingInWords(step: StepName, data: Record<string, unknown>, kind: ClientKind, field: string, read: string): Part[] | null {
  const own = (stepData(data, step) ?? {}) as Record<string, unknown>;
  const saved = at(own, field);
  const typed = typeof saved === 'number' || (saved === undefined && /^\d{1,2}$/.test(read)) ? Number(read) : read;
  const row = DESCRIBE_OF[step](withValueAt(own, field, typed), kind).rows.find((r) => r.covers.includes(field));
  return row ? row.parts : null;
}

// ------------------------------------------------------------------------------------------- what changed

export interface RowChange {
  step: StepName;
  key: string;
  label: Msg;
  before: Part[];
  after: Part[];
  /** files in `after` that `before` did not have */
  newFiles: string[];
}

/** Whether two values are the same in words. */
export const sameParts = (a: Part[], b: Part[]): boolean => JSON.stringify(a) === JSON.stringify(b);
const filesIn = (parts: Part[]) => parts.flatMap((p) => ('file' in p ? [p.file] : []));

/**
 * The rows that differ between two versions of an application's data (a row added, removed or changed), step by
 * step, with the files the later version added. `before` null: nothing to compare (a first submission).
 */
export function changedRows(before: Record<string, unknown>, after: Record<string, unknown>, steps: readonly string[], kind: ClientKind): RowChange[] {
  const out: RowChange[] = [];
  for (const step of steps.filter((s): s is StepName => (STEP_NAMES as readonly string[]).includes(s))) {
    const a = describeStep(step, before, kind).rows;
    const b = describeStep(step, after, kind).rows;
    const keys = [...new Set([...b.map((x) => x.key), ...a.map((x) => x.key)])];
    for (const key of keys) {
      const was = a.find((x) => x.key === key);
      const now = b.find((x) => x.key === key);
      const wasParts = was?.parts ?? [];
      const nowParts = now?.parts ?? [];
      if (sameParts(wasParts, nowParts)) continue;
      const old = new Set(filesIn(wasParts));
      out.push({ step, key, label: (now ?? was)!.label, before: wasParts, after: nowParts, newFiles: filesIn(nowParts).filter((f) => !old.has(f)) });
    }
  }
  return out;
}

// ------------------------------------------------------------------------------------------- documents

/** A file of the case as the service lists it: the step (or WITNESS, DOCUMENTS, FACE) and its place there. */
export interface CaseFileRef {
  step: string;
  path: string;
}

const SIDE: Record<string, string> = { front: 'front', back: 'back' };

/**
 * What a document is, by where the application keeps it: "HKID card, front", "Proof of address 2", "Form W-8BEN".
 * The data decides between the kinds of identity document (an HK or Macau card, a passport).
 */
export function documentName(f: CaseFileRef, data: Record<string, unknown>): Msg {
  const index = /\[(\d+)\]$/.exec(f.path);
  const n = index ? Number(index[1]) + 1 : 1;
  const side = SIDE[f.path.split('.').pop() ?? ''];
  const sided = (id: string) => m(`${id}.${side ?? 'front'}`);
  switch (f.step) {
    case 'IDCARD':
      return f.path.startsWith('documentInfo.CropIdCard') ? sided('desk.doc.idCardCropped') : sided('desk.doc.idCard');
    case 'BANKCARD':
      return m('desk.doc.bankCard', { n });
    case 'HK_IDCARD': {
      if (f.path.startsWith('documentInfo.idCard')) return m('desk.doc.permanentProof', { n });
      const s = stepData(data, 'HK_IDCARD') ?? {};
      const doc = docTypeOf(s.idType, s.idCountry);
      if (doc === HK_DOC.PASSPORT) return m('desk.doc.passport');
      return sided(doc === HK_DOC.MACAU_ID ? 'desk.doc.macauId' : 'desk.doc.hkId');
    }
    case 'PROOFADDRESS':
      return m('desk.doc.proofOfAddress', { n });
    case 'STATEMENT':
      if (f.path.startsWith('documentInfo.statement')) return m('desk.doc.statement', { n });
      if (f.path.startsWith('documentInfo.idCardHK')) return sided('desk.doc.hkId');
      return m('desk.doc.foreignId', { n });
    case 'TAXINFO':
      return m('desk.doc.taxProof', { n });
    case 'INVESTMENT':
    case 'SELECTACCOUNT': {
      // evidence of derivatives knowledge (issue 41): derivativeEvidence.<box>[i]
      const box = /^derivativeEvidence\.(\w+)\[/.exec(f.path)?.[1];
      return box && (EVIDENCE_BOXES as readonly string[]).includes(box) ? m(`desk.doc.derivativeEvidence.${box}`, { n }) : m('desk.doc.other');
    }
    case 'SIGNATURE':
      return m('desk.doc.signature');
    case 'LIVINGWITNESS':
      return m('desk.doc.faceFrame');
    case 'FACE':
      return m('desk.doc.faceCheckFrame', { n: f.path });
    case 'DOCUMENTS':
      return m(`caApply.docs.${f.path}`);
    case 'WITNESS':
      return m(f.path.startsWith('address') ? 'desk.doc.witnessAddress' : 'desk.doc.witnessId', { n });
    default:
      return m('desk.doc.other');
  }
}

/** The order documents are shown in: identity first (front before back), then the other steps' in flow order. */
const DOC_ORDER = ['WITNESS', 'IDCARD', 'HK_IDCARD', 'STATEMENT', 'BANKCARD', 'PROOFADDRESS', 'INVESTMENT', 'SELECTACCOUNT', 'TAXINFO', 'SIGNATURE', 'LIVINGWITNESS', 'FACE', 'DOCUMENTS'];

export function documentRank(f: CaseFileRef): number {
  const step = DOC_ORDER.indexOf(f.step);
  const within = (f.path.includes('Crop') ? 5 : 0) + (/back$/.test(f.path) ? 1 : 0);
  return (step < 0 ? DOC_ORDER.length : step) * 10 + within;
}

// ------------------------------------------------------------------------------------------- account updates

/**
 * An account update's module in words (the address: 8, the W-8BEN: 512, account-update.ts), the account's data now
 * or the data the client submitted, so that the desk shows them side by side.
 */
export function describeUpdateModule(bit: number, data: Record<string, unknown> | null | undefined): FieldRow[] {
  const r = new Rows();
  const d = (data ?? {}) as Record<string, unknown>;
  const s = (k: string) => (typeof d[k] === 'string' ? (d[k] as string) : undefined);
  if (bit === 8) {
    const contact: ContactInfo = {
      residentialAddress: s('residentialAddress'),
      residentialAddressCity: s('residentialAddressCity'),
      residentialAddressCountry: s('residentialAddressCountry'),
      mailingAddress: s('mailingAddress'),
      mailingAddressCity: s('mailingAddressCity'),
      mailingAddressCountry: s('mailingAddressCountry'),
      mailingSameResidential: typeof d.mailingSameResidential === 'number' ? d.mailingSameResidential : undefined,
    };
    contactRows(r, contact, '');
    const proofs = (d.proofOfAddress ?? {}) as { residence?: StoredFile[]; mailing?: StoredFile[] };
    r.rowIf('proofOfAddress.residence', 'desk.field.proofResidence', filesOf(Array.isArray(proofs.residence) ? proofs.residence : []));
    r.rowIf('proofOfAddress.mailing', 'desk.field.proofMailing', filesOf(Array.isArray(proofs.mailing) ? proofs.mailing : []));
  } else if (bit === 512) {
    r.row('country', 'tax.w8.country', country(s('country')));
    r.row('residenceAddress', 'tax.w8.address', txt(s('residenceAddress')));
  }
  return r.rows;
}
