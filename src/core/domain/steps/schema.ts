/**
 * The data schema of the steps: reader combinators from which each step's `data` is built once (steps/<step>.ts). A
 * schema is a reader of stored data, and its TypeScript type is inferred from it (`DataOf<typeof data>`), so the
 * shape of a step is written once. Every field is read defensively: a field of the wrong type (an older save, a
 * hand-edited row) is left out, never passed on; a text field also takes a number (as its String). Code that reads
 * saved steps (the certificate documents' layout, the desk's case words) reads them through `stepData`
 * (steps/full.ts), so that a renamed field is a type error.
 *
 * These are readers of stored data, not rules: whether data is valid is the step's rules' business. The combinators
 * are declared free of side effects, so a schema that nothing reads costs the first screen nothing.
 */

/** Reads one value of unknown type: its typed form, or undefined when it has another type. */
export type Reader<T> = (v: unknown) => T | undefined;

/** The type a reader (a schema) reads. */
export type DataOf<R> = R extends Reader<infer T> ? T : never;

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** a string, or a finite number as its String */
export const text: Reader<string> = (v) => (typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : undefined);
/** a finite number */
export const num: Reader<number> = (v) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
export const bool: Reader<boolean> = (v) => (typeof v === 'boolean' ? v : undefined);
/** a number or a string as stored (codes some saves keep as either) */
export const code: Reader<number | string> = (v) => num(v) ?? (typeof v === 'string' ? v : undefined);

/** an array, its items read by `item` (items of another type left out) */
export /* @__NO_SIDE_EFFECTS__ */ function listOf<T>(item: Reader<T>): Reader<T[]> {
  return (v) => (Array.isArray(v) ? v.map(item).filter((x): x is T => x !== undefined) : undefined);
}

/** an object used as a map, its values read by `value` (keys in their stored order) */
export /* @__NO_SIDE_EFFECTS__ */ function mapOf<T>(value: Reader<T>): Reader<Record<string, T>> {
  return (v) => {
    if (!isRecord(v)) return undefined;
    const out: Record<string, T> = {};
    for (const [k, x] of Object.entries(v)) {
      const read = value(x);
      if (read !== undefined) out[k] = read;
    }
    return out;
  };
}

/** The fields of a shape: one reader a field. */
export type Fields = Record<string, Reader<unknown>>;

/** The object a shape reads: every field optional, of its reader's type. */
export type ShapeOf<F extends Fields> = { [K in keyof F]?: DataOf<F[K]> };

/** an object of known fields, each read by its reader (unknown fields left out); its type is inferred from the fields */
export /* @__NO_SIDE_EFFECTS__ */ function shape<F extends Fields>(fields: F): Reader<ShapeOf<F>> {
  return (v) => {
    if (!isRecord(v)) return undefined;
    const out: Record<string, unknown> = {};
    for (const [k, read] of Object.entries(fields)) {
      const x = read(v[k]);
      if (x !== undefined) out[k] = x;
    }
    return out as ShapeOf<F>;
  };
}

// ------------------------------------------------------------------------------------------- parts several steps share

/** A file of the applicant as the steps store it (an upload: ossId, its URL, description, category). */
export const storedFileFields = { ossId: text, url: text, description: text, ossCategory: text };
export const storedFile = shape(storedFileFields);
export type StoredFile = DataOf<typeof storedFile>;
export const files = listOf(storedFile);

/** The two sides of a card. */
export const cardSides = shape({ front: storedFile, back: storedFile });
export type CardSides = DataOf<typeof cardSides>;

/** Residential and mailing addresses (IDCARD, PROOFADDRESS). */
export const contactInfo = shape({
  residentialAddress: text,
  residentialAddressCity: text,
  residentialAddressCountry: text,
  mailingAddress: text,
  mailingAddressCity: text,
  mailingAddressCountry: text,
  /** 1 the mailing address is the residential one */
  mailingSameResidential: num,
});
export type ContactInfo = DataOf<typeof contactInfo>;

/** Another identity document: its issuing country, type and number. */
export const otherDocument = shape({ idCountry: text, idType: code, idNumber: text });
export type OtherDocument = DataOf<typeof otherDocument>;

/** A ticked box. */
export const checked = shape({ title: text, checked: num });
export type Checked = DataOf<typeof checked>;

/** A ticked box with a chosen option (its index in the option list). */
export const checkedChoice = shape({ checked: num, selectIndex: text, selectContent: text });
export type CheckedChoice = DataOf<typeof checkedChoice>;

/** A chosen option (its index in the option list). */
export const choice = shape({ selectIndex: text, selectContent: text });
export type Choice = DataOf<typeof choice>;

/** The derivatives questionnaire (INVESTMENT, or the options dialog of SELECTACCOUNT); version 1 simple, 2 full. */
/** Evidence files for the derivatives questionnaire's ticked boxes (derivative-evidence.ts). */
export const derivativeEvidence = shape({ trainingCourse: files, experienceRelated: files, derivativeProducts: files });

export const derivativeInfo = shape({
  version: num,
  derivative: checked,
  risk: num,
  trainingCourse: checkedChoice,
  experienceRelated: checkedChoice,
  workExperience: choice,
  yearsParticipation: choice,
  derivativeProducts: shape({ checked: num, items: listOf(checked) }),
});
export type DerivativeInfo = DataOf<typeof derivativeInfo>;
export type DerivativeEvidence = DataOf<typeof derivativeEvidence>;

/** The person on an identity step (IDCARD, USERINFO). */
export const personFields = { chineseName: text, firstName: text, lastName: text, englishName: text, /** 1 male, 2 female */ gender: num, birthday: text, birthCity: text, birthCountry: text };
/** The statements' e-mail, language and delivery (BANKCARD, USERINFO). */
export const statementsFields = { email: text, /** zhTc or en */ defaultLanguage: text, statementDeliveryWay: text };
