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
  LONG_TERM,
} from '../identity';
import { isFileRef } from '../uploads';
import { at, issuesOf, str, type StepValidator } from '../step-rules/types';
import { shape, text, num, code, cardSides, contactInfo, personFields, type DataOf } from './schema';
import { cnIdNumber, type Data, type SampleFile, type SampleOptions, type StepSample } from './sample-kit';
import { defineStep } from './define';
import { Rows, txt, msg, country, yesNo, sidesOf, contactRows, personRows, type Describe } from './words-kit';

/** The step's definition (its light part: steps/index.ts). */
export const meta = defineStep({ name: 'IDCARD', route: '/IDcard', titleKey: 'idcard.title', introKey: 'idcard.intro', status: 1000, progress: { cn: 1, hk: null } });

/** IDCARD (cn): the mainland ID card, the person on it, the contact addresses. */
export const data = shape({
  ...personFields,
  idType: code,
  idNumber: text,
  idAddress: text,
  idAuthority: text,
  /** from,to (YYYY-MM-DD, or LONG_TERM as to) */
  idValidTime: text,
  idCountry: text,
  documentInfo: shape({ idCard: cardSides, CropIdCard: cardSides }),
  contactInfo,
  frontInfo: shape({ surnamePinyinModify: num, RAW_amlConfirmInfoTime: text }),
});
export type IdCardStep = DataOf<typeof data>;

/** The issuing authority as the card prints it (read by OCR, not typed): optional, at most this long. */
export const ID_AUTHORITY_MAX = 100;

/** The field the confirmation dialog fills: the screen leaves it out of its Next check. */
export const IDCARD_CONFIRM_FIELD = 'frontInfo.RAW_amlConfirmInfoTime';

const is = (ok: boolean, rule: Check): Check => (ok ? null : rule);
const file = (v: unknown): Check => is(isFileRef(v), 'fileRequired');
const isIsoTimestamp = (v: unknown) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(v) && !Number.isNaN(Date.parse(v));

export const rules: StepValidator = (data, ctx) => {
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

/** How the review desk shows the step's saved data (case-words.ts): its rows. */
export const describe: Describe<IdCardStep> = (s) => {
  const r = new Rows();
  personRows(r, s, 'idcard');
  r.row('idType', 'documents.fields.documentType', s.idType === 1 || s.idType === '1' ? msg('documents.values.mainlandIdCard') : txt(s.idType === undefined ? '' : String(s.idType)));
  r.row('idNumber', 'idcard.idNumber', txt(s.idNumber));
  r.row('idCountry', 'documents.fields.issuingCountry', country(s.idCountry));
  r.rowIf('idAuthority', 'documents.fields.authority', txt(s.idAuthority));
  const [from, to] = (s.idValidTime ?? '').split(',');
  r.row('idValidTime', 'documents.fields.validity', from ? [{ text: from }, ...(to === LONG_TERM ? msg('documents.values.longTerm') : txt(to))] : []);
  r.row('idAddress', 'idcard.idAddress', txt(s.idAddress));
  r.row('documentInfo.idCard', 'desk.field.idCardPhotos', sidesOf(s.documentInfo?.idCard));
  r.rowIf('documentInfo.CropIdCard', 'desk.field.idCardCropped', sidesOf(s.documentInfo?.CropIdCard));
  contactRows(r, s.contactInfo);
  r.rowIf('frontInfo.surnamePinyinModify', 'desk.field.pinyinEdited', s.frontInfo?.surnamePinyinModify === undefined ? [] : yesNo(s.frontInfo.surnamePinyinModify === 1));
  r.rowIf('frontInfo.RAW_amlConfirmInfoTime', 'desk.field.amlConfirmedAt', s.frontInfo?.RAW_amlConfirmInfoTime ? [{ time: s.frontInfo.RAW_amlConfirmInfoTime }] : []);
  return r;
};

/** The step as steps/full.ts lists it; its `describe` (the desk's, steps/words.ts) and `sample` (tests' and tools', steps/samples.ts) apart. */
export const definition = { meta, data, rules };

// ------------------------------------------------------------------------------------------- sample

const CN_ADDRESS = '广东省深圳市南山区科技园路1号';

export interface IdCardFiles {
  front: SampleFile;
  back: SampleFile;
  cropFront: SampleFile;
  cropBack: SampleFile;
}

/** IDCARD: 张三 (or `name`), male, born 1990-03-07 (or `birthday`), long-term validity. */
export function idcardSample(files: IdCardFiles, opts: SampleOptions & { idNumber?: string; amlConfirmedAt?: string } = {}): Data {
  const birthday = opts.birthday ?? '1990-03-07';
  const name = opts.name ?? { chinese: '张三', last: 'ZHANG', first: 'SAN' };
  return {
    chineseName: name.chinese,
    firstName: name.first,
    lastName: name.last,
    englishName: `${name.last} ${name.first}`,
    idType: 1,
    idNumber: opts.idNumber ?? cnIdNumber(birthday),
    idAddress: CN_ADDRESS,
    idAuthority: '深圳市公安局南山分局',
    birthCity: '广东省深圳市',
    birthCountry: 'CN',
    gender: 1,
    birthday,
    idValidTime: '2020-01-01,长期',
    idCountry: 'CN',
    documentInfo: { idCard: { front: files.front, back: files.back }, CropIdCard: { front: files.cropFront, back: files.cropBack } },
    contactInfo: { residentialAddress: CN_ADDRESS, residentialAddressCountry: 'CN', mailingAddress: CN_ADDRESS, mailingAddressCountry: 'CN', mailingSameResidential: 1 },
    frontInfo: { surnamePinyinModify: 2, RAW_amlConfirmInfoTime: opts.amlConfirmedAt ?? '2026-11-21T03:59:00.000Z' },
  };
}

export const sample: StepSample = async (src, opts) => {
  const [front, back, cropFront, cropBack] = [await src.file('UserInfo', 'idFront'), await src.file('UserInfo'), await src.file('UserInfo'), await src.file('UserInfo')];
  return idcardSample({ front, back, cropFront, cropBack }, { ...opts, amlConfirmedAt: src.now().toISOString() });
};
