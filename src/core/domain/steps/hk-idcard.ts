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
} from '../hk-identity';
import { at, issuesOf, str, type StepValidator } from '../step-rules/types';

/** A nationality of the overseas route: a country code, not China, on the whitelist. */
export function checkNationality(v: unknown): Check {
  if (v === undefined || v === null || v === '') return 'required';
  if (!isCountryCode(v)) return 'country';
  const n = nationalityCheck(v);
  return n === 'china' ? 'nationalityChina' : n === 'offline' ? 'nationalityNotAllowed' : null;
}

const oneOf = (v: unknown, values: readonly unknown[]): Check =>
  v === undefined || v === null || v === '' ? 'required' : values.includes(v) ? null : 'choice';

export const validateHkIdcard: StepValidator = (data, ctx) => {
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
