/**
 * IDCARD (mainland ID card, cn step 1 of 5; spec part 1 §5 "Mainland ID page"). The screen enables Next on
 * an empty answer (apart from the confirm time, set by the confirmation dialog); the service refuses the save
 * otherwise. Service-only rules (known region code, duplicate ID → 150204, the images are the caller's
 * UserInfo files) are in server/src/modules/applications/step-checks/idcard.ts.
 */
import { CHINA } from '../countries';
import {
  MAX_LEN,
  checkAddress,
  checkAge,
  checkCnId,
  checkCnName,
  checkDate,
  checkPinyin,
  checkText,
  checkValidity,
  englishNameOf,
  isIsoDate,
  normaliseCnId,
  type Check,
} from '../identity';
import { isFileRef } from '../uploads';
import { at, issuesOf, str, type StepValidator } from '../step-rules/types';

/** The issuing authority as the card prints it (read by OCR, not typed): optional, at most this long. */
export const ID_AUTHORITY_MAX = 100;

/** The field the confirmation dialog fills: the screen leaves it out of its Next check. */
export const IDCARD_CONFIRM_FIELD = 'frontInfo.RAW_amlConfirmInfoTime';

const is = (ok: boolean, rule: Check): Check => (ok ? null : rule);
const file = (v: unknown): Check => is(isFileRef(v), 'fileRequired');
const isIsoTimestamp = (v: unknown) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(v) && !Number.isNaN(Date.parse(v));

export const validateIdcard: StepValidator = (data, ctx) => {
  const idNumber = str(data.idNumber);
  const idAddress = str(data.idAddress);
  const birthday = data.birthday;
  const gender = data.gender;
  const lastName = str(data.lastName);
  const firstName = str(data.firstName);
  const birthdayCheck = checkDate(birthday) ?? checkAge(birthday, ctx.today);
  const idCheck =
    idNumber && idNumber !== normaliseCnId(idNumber)
      ? 'cnIdFormat'
      : checkCnId(idNumber, ctx.today, {
          birthday: isIsoDate(birthday) ? birthday : undefined,
          gender: gender === 1 || gender === 2 ? gender : undefined,
        });
  return issuesOf([
    ['chineseName', checkCnName(data.chineseName)],
    ['lastName', checkPinyin(data.lastName)],
    ['firstName', checkPinyin(data.firstName)],
    ['englishName', checkPinyin(lastName) || checkPinyin(firstName) ? null : is(data.englishName === englishNameOf(lastName, firstName), 'englishName')],
    ['idType', is(data.idType === 1, 'choice')],
    ['idNumber', idCheck],
    ['idAddress', checkAddress(data.idAddress)],
    ['idAuthority', checkText(data.idAuthority ?? '', ID_AUTHORITY_MAX, false)],
    ['birthCity', checkText(data.birthCity, MAX_LEN.city)],
    ['birthCountry', is(data.birthCountry === CHINA, 'country')],
    ['gender', gender === undefined || gender === null || gender === '' ? 'required' : is(gender === 1 || gender === 2, 'choice')],
    ['birthday', birthdayCheck],
    ['idValidTime', checkValidity(data.idValidTime, ctx.today)],
    ['idCountry', is(data.idCountry === CHINA, 'country')],
    ['documentInfo.idCard.front', file(at(data, 'documentInfo.idCard.front'))],
    ['documentInfo.idCard.back', file(at(data, 'documentInfo.idCard.back'))],
    ['documentInfo.CropIdCard.front', file(at(data, 'documentInfo.CropIdCard.front'))],
    ['documentInfo.CropIdCard.back', file(at(data, 'documentInfo.CropIdCard.back'))],
    ['contactInfo.mailingSameResidential', is(at(data, 'contactInfo.mailingSameResidential') === 1, 'mustTick')],
    ['contactInfo.residentialAddress', is(!idAddress || at(data, 'contactInfo.residentialAddress') === idAddress, 'format')],
    ['contactInfo.mailingAddress', is(!idAddress || at(data, 'contactInfo.mailingAddress') === idAddress, 'format')],
    ['contactInfo.residentialAddressCountry', is(at(data, 'contactInfo.residentialAddressCountry') === CHINA, 'country')],
    ['contactInfo.mailingAddressCountry', is(at(data, 'contactInfo.mailingAddressCountry') === CHINA, 'country')],
    ['frontInfo.surnamePinyinModify', is([1, 2].includes(at(data, 'frontInfo.surnamePinyinModify') as number), 'choice')],
    [IDCARD_CONFIRM_FIELD, is(isIsoTimestamp(at(data, IDCARD_CONFIRM_FIELD)), 'required')],
  ]);
};
