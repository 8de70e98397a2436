/**
 * What the OCR read beside what the applicant saved (the review desk, issue 28). For each reading: the step, where
 * its photo sits in the step's data, and where each field it reads is saved. A field the applicant changed after the
 * reading is marked for the reviewer; nothing here refuses a change (applicants correct what the OCR misreads).
 */
import type { StepName } from './steps';
import { at } from './step-rules/types';

export type OcrKind = 'idcardFront' | 'idcardBack' | 'hkidFront' | 'passport' | 'bankcard';

export interface OcrPlace {
  /** the step whose data holds the photo */
  step: StepName;
  /** the photo's place in the step's data (dotted) */
  photo: string;
  kind: OcrKind;
  /** the step whose data holds the fields, when not the photo's (the HKID's names and birth date are USERINFO's) */
  fieldStep?: StepName;
  /** OCR field → its place in the step's data (dotted) */
  fields: Readonly<Record<string, string>>;
}

export const OCR_PLACES: readonly OcrPlace[] = [
  {
    step: 'IDCARD',
    photo: 'documentInfo.idCard.front',
    kind: 'idcardFront',
    fields: { name: 'chineseName', idNumber: 'idNumber', idAddress: 'idAddress', gender: 'gender', birthday: 'birthday' },
  },
  { step: 'IDCARD', photo: 'documentInfo.idCard.back', kind: 'idcardBack', fields: { idAuthority: 'idAuthority', idValidTime: 'idValidTime' } },
  // the Hong Kong identity card (issue 41): the number on its own step, the names and birth date on the next one
  { step: 'HK_IDCARD', photo: 'documentInfo.nonMainlandDocument.front', kind: 'hkidFront', fields: { idNumber: 'idNumber' } },
  {
    step: 'HK_IDCARD',
    photo: 'documentInfo.nonMainlandDocument.front',
    kind: 'hkidFront',
    fieldStep: 'USERINFO',
    fields: { chineseName: 'chineseName', lastName: 'lastName', firstName: 'firstName', birthday: 'birthday', gender: 'gender' },
  },
  // a passport's machine-readable zone (issue 41): the number and issuing state here, the names and birth date next
  { step: 'HK_IDCARD', photo: 'documentInfo.nonMainlandDocument.front', kind: 'passport', fields: { idNumber: 'idNumber', issuingCountry: 'idCountry' } },
  {
    step: 'HK_IDCARD',
    photo: 'documentInfo.nonMainlandDocument.front',
    kind: 'passport',
    fieldStep: 'USERINFO',
    fields: { lastName: 'lastName', firstName: 'firstName', birthday: 'birthday', gender: 'gender' },
  },
  { step: 'BANKCARD', photo: 'documentInfo.bankCard', kind: 'bankcard', fields: { acctNumber: 'bankInfo.acctNumber' } },
];

/** a value as compared: text without spaces (a card number typed with spaces is the same number), numbers as text */
const norm = (v: unknown): string => (v === undefined || v === null ? '' : String(v).replace(/\s+/g, ''));

export interface OcrField {
  step: StepName;
  /** the field's place in the step's data */
  field: string;
  read: string;
  saved: string;
  changed: boolean;
}

/**
 * The fields a reading gives for a step's data (the data of place.fieldStep, else of place.step): read, saved, and
 * whether the applicant changed it. Empty readings are left out.
 */
export function compareOcr(place: OcrPlace, stepData: unknown, read: Readonly<Record<string, unknown>>): OcrField[] {
  return Object.entries(place.fields).flatMap(([from, to]) => {
    const r = read[from];
    if (r === undefined || r === null || r === '' || r === 0) return [];
    const saved = at(stepData, to);
    return [{ step: place.fieldStep ?? place.step, field: to, read: String(r), saved: saved === undefined || saved === null ? '' : String(saved), changed: norm(r) !== norm(saved) }];
  });
}
