/**
 * Valid step data for every kind of test (test data, kept beside the rules it satisfies): each step's file
 * (steps/<step>.ts) exports its `sample`, built on what is here. The domain's own table tests check that each sample
 * passes its step's rules, the service tests (server/test/step-fixtures.ts) save them through ApplyUpdate, and the
 * browser journeys and screenshots (e2e/lib/prefill.ts) prefill applications with them through the service.
 *
 * A sample that needs files or the application's state asks its `SampleSource` (real uploads of the applicant, this
 * application's AML check, its step context); the pure ones take only options.
 */
import { cnIdCheckDigit, hkIdCheckDigit } from '../identity';
import { DERIVATIVE_PRODUCTS } from '../profile';
import type { CaDocument } from '../closing';
import type { StepContext } from '../step-rules/types';

export type Data = Record<string, unknown>;

/** A file of the applicant as the steps store it. */
export interface SampleFile {
  ossId: string;
  url: string;
  description: string;
  ossCategory: 'UserInfo' | 'UserApply';
}

/** What the samples that depend on the application ask for. */
export interface SampleSource {
  /**
   * uploads a small real file of the applicant (a PNG, a PDF, a PNG of a drawn signature, or the ID card's portrait
   * side: a PNG, or a card photo with the applicant's face where the source has one)
   */
  file(category: 'UserInfo' | 'UserApply', kind?: 'png' | 'pdf' | 'signature' | 'idFront'): Promise<SampleFile>;
  /** runs this application's AML check (the disclosure step names it) */
  amlCheck(): Promise<{ hitStatus: number; amlInfoId: string }>;
  /** the application's step context now (its saved steps, client type, today) */
  context(): Promise<StepContext>;
  /** now, as the service's clock has it */
  now(): Date;
  /** hears the application's risk track (fetches its audio, lets the time pass) and confirms it: the disclosureId */
  riskDisclosure?(): Promise<string>;
  /** a passed and confirmed face check of the application: its id and the frame kept (LIVINGWITNESS) */
  faceCheck?(): Promise<{ id: number; picture: SampleFile }>;
  /** generates one of the application's certificate documents (ApplyDocument): its ossId (CAAPPLY) */
  caDocument?(document: CaDocument): Promise<string>;
}

export interface SampleOptions {
  /** YYYY-MM-DD; the applicant's birthday on the identity step (1990-03-07 cn, 1990-05-04 hk) */
  birthday?: string;
  /** hk: 1 permanent resident (default), 2 non-permanent */
  permanent?: 1 | 2;
  /** SELECTACCOUNT: 1 cash, 2 margin (default) */
  accountType?: 1 | 2;
  /** the identity step's names (cn IDCARD, hk USERINFO) */
  name?: { chinese: string; last: string; first: string };
  /** the identity document's number (cn IDCARD, hk HK_IDCARD); a fresh one by default */
  idNumber?: string;
}

// ------------------------------------------------------------------------------------------- identity numbers

// the sequences start at a random place on first use (nothing runs when the module is only loaded)
let idSeq: number | undefined;

/**
 * A valid mainland ID number with this birthday (region 440305, Shenzhen Nanshan), unique in the run for 500 numbers:
 * the two sequence digits count on from a random start, then the gender digit moves to the next odd one (male).
 */
export function cnIdNumber(birthday = '1990-03-07', region = '440305'): string {
  idSeq ??= Math.floor(Math.random() * 50);
  const k = idSeq++;
  const first17 = region + birthday.replace(/-/g, '') + String(k % 100).padStart(2, '0') + '13579'[Math.floor(k / 100) % 5];
  return first17 + cnIdCheckDigit(first17);
}

let hkSeq: number | undefined;
/** An HK identity card number (one letter, seven digits), unique in the run. */
export const hkIdNumber = () => {
  hkSeq ??= Math.floor(Math.random() * 8_000_000);
  const body = `K${String(100_000 + (hkSeq++ % 900_000)).padStart(6, '0')}`;
  return body + hkIdCheckDigit(body);
};

/** The full derivatives questionnaire: not intending (all boxes 0), or intending with training and one product. */
export function derivativeFull(intending: boolean, over: Data = {}): Data {
  return {
    version: 2,
    derivative: { title: 'intend', checked: intending ? 1 : 0 },
    risk: intending ? 1 : 0,
    trainingCourse: intending ? { checked: 1, selectIndex: '2', selectContent: 'course' } : { checked: 0, selectIndex: '', selectContent: '' },
    experienceRelated: { checked: 0 },
    workExperience: { selectIndex: '', selectContent: '' },
    yearsParticipation: { selectIndex: '', selectContent: '' },
    derivativeProducts: { checked: intending ? 1 : 0, items: DERIVATIVE_PRODUCTS.map((title, i) => ({ title, checked: intending && i === 0 ? 1 : 0 })) },
    ...over,
  };
}

/** A step's sample: valid data of the step for the application behind `src` (steps/samples.ts sampleStep). */
export type StepSample = (src: SampleSource, opts: SampleOptions) => Data | Promise<Data>;

/** The error of a step whose sample needs what the source does not offer (riskDisclosure, faceCheck, caDocument). */
export const noSample = (step: string) => new Error(`no sample data for the step ${step}`);

