/**
 * HK_IDCARD (/HK_IDcard, spec part 1 §3-5): permanent-resident answer, nationality (never CN, inside the
 * whitelist), the document (type and issuing country as hk-identity.ts combines them), its number, the images
 * (Macau ID both sides), the statement language that follows the nationality, and for a non-permanent resident
 * the permanent-residence country, ID number and 1-4 proof files.
 */
import { defaultLanguageFor, isCountryCode, nationalityCheck } from '../countries';
import type { Check } from '../identity';
import { checkFiles, isFileRef, MAX_FILES } from '../uploads';
import {
  allowedDocTypes,
  checkDocNumber,
  checkIssuingCountry,
  checkPermanentIdNumber,
  docTypeOf,
  fixedIssuingCountry,
  HK,
  HK_ID_TYPE,
  mainlandProofRefused,
  MO,
  needsBackImage,
  PERMANENT,
  HK_DOC,
} from '../hk-identity';
import { at, issuesOf, str, type StepValidator } from '../step-rules/types';
import { shape, text, num, code, cardSides, files, otherDocument, type DataOf } from './schema';
import { hkIdNumber, type Data, type SampleFile, type SampleOptions, type StepSample } from './sample-kit';
import { defineStep } from './define';
import { Rows, txt, msg, country, filesOf, sidesOf, type Describe } from './words-kit';

/** The step's definition (its light part: steps/index.ts). */
export const meta = defineStep({ name: 'HK_IDCARD', route: '/HK_IDcard', titleKey: 'hkid.title', introKey: 'hkid.intro', status: 1000, progress: { cn: null, hk: 1 } });

/** HK_IDCARD (hk): the identity document, permanent residence, a non-permanent resident's other document. */
export const data = shape({
  /** PERMANENT: 1 yes, 2 no */
  permanentResident: num,
  nationality: text,
  idType: code,
  idCountry: text,
  idNumber: text,
  defaultLanguage: text,
  documentInfo: shape({ nonMainlandDocument: cardSides, idCard: files }),
  idExtraInfo: shape({ permanent: otherDocument }),
});
export type HkIdCardStep = DataOf<typeof data>;

/** A nationality of the overseas route: a country code, not China, on the whitelist. */
export function checkNationality(v: unknown): Check {
  if (v === undefined || v === null || v === '') return 'required';
  if (!isCountryCode(v)) return 'country';
  const n = nationalityCheck(v);
  return n === 'china' ? 'nationalityChina' : n === 'offline' ? 'nationalityNotAllowed' : null;
}

const oneOf = (v: unknown, values: readonly unknown[]): Check =>
  v === undefined || v === null || v === '' ? 'required' : values.includes(v) ? null : 'choice';

export const rules: StepValidator = (data, ctx) => {
  const pr = data.permanentResident;
  const permanent = pr === PERMANENT.YES;
  const nationality = str(data.nationality);
  const nationalityRule = checkNationality(data.nationality);
  const idType = data.idType;
  const idCountry = str(data.idCountry);
  const doc = docTypeOf(idType, idCountry);

  const typeRule = ((): Check => {
    const r = oneOf(idType, [HK_ID_TYPE.ID_CARD, HK_ID_TYPE.PASSPORT]);
    if (r) return r;
    if (doc === null || nationalityRule || oneOf(pr, [PERMANENT.YES, PERMANENT.NO])) return null; // reported on their own fields
    return allowedDocTypes(permanent, nationality, permanent ? undefined : idCountry).includes(doc) ? null : 'idTypeNotAllowed';
  })();

  const countryRule = ((): Check => {
    const r = checkIssuingCountry(data.idCountry);
    if (r) return r;
    if (idType === HK_ID_TYPE.ID_CARD && idCountry !== HK && idCountry !== MO) return 'issuingCountry';
    const fixed = pr === PERMANENT.YES || pr === PERMANENT.NO ? fixedIssuingCountry(permanent, nationality, doc) : null;
    return fixed && fixed !== idCountry ? 'issuingCountry' : null;
  })();

  const back = at(data, 'documentInfo.nonMainlandDocument.back');
  const backRule: Check = needsBackImage(doc) ? (isFileRef(back) ? null : 'fileRequired') : back === undefined ? null : 'choice';

  const pairs: Array<readonly [string, Check]> = [
    ['permanentResident', oneOf(pr, [PERMANENT.YES, PERMANENT.NO])],
    ['nationality', nationalityRule],
    ['idType', typeRule],
    ['idCountry', countryRule],
    ['idNumber', checkDocNumber(doc, data.idNumber)],
    ['defaultLanguage', nationalityRule ? null : data.defaultLanguage === defaultLanguageFor(nationality) ? null : 'choice'],
    ['documentInfo.nonMainlandDocument.front', isFileRef(at(data, 'documentInfo.nonMainlandDocument.front')) ? null : 'fileRequired'],
    ['documentInfo.nonMainlandDocument.back', backRule],
  ];

  if (pr === PERMANENT.NO) {
    const pCountry = str(at(data, 'idExtraInfo.permanent.idCountry'));
    const countryCheck: Check = !pCountry ? 'required' : isCountryCode(pCountry) ? null : 'country';
    pairs.push(
      ['documentInfo.idCard', mainlandProofRefused(ctx.strict, false, pCountry) ? 'mainlandInvestor' : checkFiles(at(data, 'documentInfo.idCard'), MAX_FILES.overseasId, 1)],
      ['idExtraInfo.permanent.idCountry', countryCheck],
      ['idExtraInfo.permanent.idType', at(data, 'idExtraInfo.permanent.idType') === null ? null : 'choice'],
      ['idExtraInfo.permanent.idNumber', countryCheck ? null : checkPermanentIdNumber(pCountry, at(data, 'idExtraInfo.permanent.idNumber'))],
    );
  } else if (pr === PERMANENT.YES) {
    // a permanent resident has no permanent-residence document
    pairs.push(
      ['documentInfo.idCard', at(data, 'documentInfo.idCard') === undefined ? null : 'choice'],
      ['idExtraInfo', data.idExtraInfo === undefined ? null : 'choice'],
    );
  }
  return issuesOf(pairs);
};

/** How the review desk shows the step's saved data (case-words.ts): its rows. */
export const describe: Describe<HkIdCardStep> = (s) => {
  const r = new Rows();
  r.row('permanentResident', 'hkid.permanent.label', s.permanentResident === PERMANENT.YES ? msg('hkid.permanent.yes') : s.permanentResident === PERMANENT.NO ? msg('hkid.permanent.no') : []);
  r.row('nationality', 'hkid.nationality.label', country(s.nationality));
  const doc = docTypeOf(s.idType, s.idCountry);
  const docKey = doc === HK_DOC.HK_ID ? 'hkId' : doc === HK_DOC.MACAU_ID ? 'macauId' : doc === HK_DOC.PASSPORT ? 'passport' : null;
  r.row('idType', 'hkid.docType.label', docKey ? msg(`hkid.docType.${docKey}`) : txt(s.idType === undefined ? '' : String(s.idType)));
  r.row('idCountry', 'hkid.issuing.label', country(s.idCountry));
  r.row('idNumber', 'hkid.idNumber.label', txt(s.idNumber));
  r.rowIf('defaultLanguage', 'userinfo.language', s.defaultLanguage === 'zhTc' || s.defaultLanguage === 'en' ? msg(`userinfo.${s.defaultLanguage}`) : txt(s.defaultLanguage));
  r.row('documentInfo.nonMainlandDocument', 'hkid.upload.title', sidesOf(s.documentInfo?.nonMainlandDocument));
  const permanent = s.idExtraInfo?.permanent;
  r.rowIf('idExtraInfo.permanent.idCountry', 'hkid.permanentCountry.label', country(permanent?.idCountry), ['idExtraInfo.permanent.idCountry', 'idExtraInfo.permanent.idType']);
  r.rowIf('idExtraInfo.permanent.idNumber', 'hkid.permanentId.label', txt(permanent?.idNumber));
  r.rowIf('documentInfo.idCard', 'hkid.proof.label', filesOf(s.documentInfo?.idCard));
  return r;
};

/** The step as steps/full.ts lists it; its `describe` (the desk's, steps/words.ts) and `sample` (tests' and tools', steps/samples.ts) apart. */
export const definition = { meta, data, rules };

// ------------------------------------------------------------------------------------------- sample

/** HK_IDCARD: a permanent resident with an HK identity card, or (permanent 2) a British non-permanent resident. */
export function hkIdcardSample(front: SampleFile, opts: SampleOptions & { idNumber?: string; residence?: SampleFile } = {}): Data {
  const idNumber = opts.idNumber ?? hkIdNumber();
  if (opts.permanent === 2) {
    if (!opts.residence) throw new Error('a non-permanent resident needs the residence document');
    return {
      permanentResident: 2,
      nationality: 'GB',
      idType: 1,
      idCountry: 'HK',
      idNumber,
      defaultLanguage: 'en',
      documentInfo: { nonMainlandDocument: { front }, idCard: [opts.residence] },
      idExtraInfo: { permanent: { idCountry: 'GB', idType: null, idNumber: '123456789' } },
    };
  }
  return { permanentResident: 1, nationality: 'HK', idType: 1, idCountry: 'HK', idNumber, defaultLanguage: 'zhTc', documentInfo: { nonMainlandDocument: { front } } };
}

export const sample: StepSample = async (src, opts) =>
  hkIdcardSample(await src.file('UserInfo'), { ...opts, residence: opts.permanent === 2 ? await src.file('UserInfo') : undefined });
