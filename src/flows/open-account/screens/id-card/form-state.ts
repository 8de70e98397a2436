/**
 * The mainland ID page's form: its state, the state read back from saved data or a draft, and the IDCARD
 * payload (the exact shape of the step data) built from it.
 */
import type { IdcardOcrResult } from '@core/api/ocr';
import { CHINA } from '@core/domain/countries';
import { englishNameOf, isIsoDate, joinValidity, MAX_LEN, normaliseCnId, parseCnId, parseValidity } from '@core/domain/identity';
import { isFileRef, type FileRefData } from '@core/domain/uploads';

export type Side = 'front' | 'back';

export interface IdForm {
  /** the uploaded photos of each side and their crops */
  photo: Record<Side, FileRefData | null>;
  crop: Record<Side, FileRefData | null>;
  /** each side was recognised as the right side */
  recognised: Record<Side, boolean>;
  chineseName: string;
  lastName: string;
  firstName: string;
  /** the pinyin was edited by hand */
  pinyinEdited: boolean;
  idNumber: string;
  gender: 1 | 2 | undefined;
  birthday: string;
  birthCity: string;
  validStart: string;
  validEnd: string;
  idAddress: string;
  idAuthority: string;
  sameAddress: boolean;
}

export const emptyForm = (): IdForm => ({
  photo: { front: null, back: null },
  crop: { front: null, back: null },
  recognised: { front: false, back: false },
  chineseName: '',
  lastName: '',
  firstName: '',
  pinyinEdited: false,
  idNumber: '',
  gender: undefined,
  birthday: '',
  birthCity: '',
  validStart: '',
  validEnd: '',
  idAddress: '',
  idAuthority: '',
  sameAddress: true,
});

const s = (v: unknown) => (typeof v === 'string' ? v : '');
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});
const ref = (v: unknown): FileRefData | null => (isFileRef(v) ? v : null);

/** The form from saved IDCARD data or a draft (both sides count as recognised when both photos are there). */
export function formFromData(data: Record<string, unknown> | undefined): IdForm {
  const f = emptyForm();
  if (!data) return f;
  const docs = obj(data.documentInfo);
  const card = obj(docs.idCard);
  const crop = obj(docs.CropIdCard);
  const validity = parseValidity(data.idValidTime);
  const [start, end] = validity ? [validity.start, validity.end] : s(data.idValidTime).split(',');
  const front = ref(card.front);
  const back = ref(card.back);
  const frontInfo = obj(data.frontInfo);
  const contact = obj(data.contactInfo);
  return {
    photo: { front, back },
    crop: { front: ref(crop.front), back: ref(crop.back) },
    recognised: { front: !!front && !!ref(crop.front), back: !!back && !!ref(crop.back) },
    chineseName: s(data.chineseName),
    lastName: s(data.lastName),
    firstName: s(data.firstName),
    pinyinEdited: frontInfo.surnamePinyinModify === 1,
    idNumber: s(data.idNumber),
    gender: data.gender === 1 || data.gender === 2 ? data.gender : undefined,
    birthday: s(data.birthday),
    birthCity: s(data.birthCity),
    validStart: s(start),
    validEnd: s(end),
    idAddress: s(data.idAddress),
    idAuthority: s(data.idAuthority),
    sameAddress: contact.mailingSameResidential === undefined ? true : contact.mailingSameResidential === 1,
  };
}

/** A new photo of a side (or none): what was read of the previous one goes. */
export const withPhoto = (f: IdForm, side: Side, photo: FileRefData | null): IdForm => ({
  ...f,
  photo: { ...f.photo, [side]: photo },
  crop: { ...f.crop, [side]: null },
  recognised: { ...f.recognised, [side]: false },
});

/** The ID number as the OCR read it, typed as the field types it. */
export const readIdNumber = (r: Pick<IdcardOcrResult, 'idNumber'>) => normaliseCnId(r.idNumber).slice(0, MAX_LEN.cnIdNumber);

const cropOf = (r: IdcardOcrResult): FileRefData => ({ ossId: r.cropIdCard.ossId, url: r.cropIdCard.ossUrl, ossCategory: 'UserInfo' });

/**
 * The portrait side read: name, number, address, gender and birthday (the last two from the number when the
 * OCR has none). `locked` (a rejected application): the name and number stay as they are.
 */
export function withFrontRead(f: IdForm, r: IdcardOcrResult, today: string, locked: boolean): IdForm {
  const idNumber = locked ? f.idNumber : readIdNumber(r);
  const fromId = parseCnId(idNumber, today);
  return {
    ...f,
    crop: { ...f.crop, front: cropOf(r) },
    recognised: { ...f.recognised, front: true },
    chineseName: locked ? f.chineseName : r.name.trim(),
    idNumber,
    idAddress: r.idAddress.trim() || f.idAddress,
    gender: r.gender === 1 || r.gender === 2 ? r.gender : fromId.ok ? fromId.gender : f.gender,
    birthday: isIsoDate(r.birthday) ? r.birthday : fromId.ok ? fromId.birthday : f.birthday,
  };
}

/** The emblem side read: the issuing authority and the validity dates. */
export function withBackRead(f: IdForm, r: IdcardOcrResult): IdForm {
  const [start, end] = r.idValidTime.split(',');
  return {
    ...f,
    crop: { ...f.crop, back: cropOf(r) },
    recognised: { ...f.recognised, back: true },
    idAuthority: r.idAuthority.trim(),
    validStart: start ?? '',
    validEnd: end ?? '',
  };
}

/** Both sides recognised: the fields are shown. */
export const bothRecognised = (f: IdForm) => f.recognised.front && f.recognised.back;

/**
 * The IDCARD step data (domain.md's shape). `confirmedAt`: the time the confirmation dialog was confirmed
 * (frontInfo.RAW_amlConfirmInfoTime), absent before (drafts, and the Next check).
 */
export function buildIdcardData(f: IdForm, confirmedAt?: string): Record<string, unknown> {
  const address = f.idAddress.trim();
  const frontInfo: Record<string, unknown> = { surnamePinyinModify: f.pinyinEdited ? 1 : 2 };
  if (confirmedAt) frontInfo.RAW_amlConfirmInfoTime = confirmedAt;
  return {
    chineseName: f.chineseName.trim(),
    firstName: f.firstName.trim(),
    lastName: f.lastName.trim(),
    englishName: englishNameOf(f.lastName, f.firstName),
    idType: 1,
    idNumber: f.idNumber,
    idAddress: address,
    idAuthority: f.idAuthority,
    birthCity: f.birthCity,
    birthCountry: CHINA,
    ...(f.gender ? { gender: f.gender } : {}),
    birthday: f.birthday,
    idValidTime: f.validStart || f.validEnd ? joinValidity(f.validStart, f.validEnd) : '',
    idCountry: CHINA,
    documentInfo: {
      idCard: { ...(f.photo.front ? { front: f.photo.front } : {}), ...(f.photo.back ? { back: f.photo.back } : {}) },
      CropIdCard: { ...(f.crop.front ? { front: f.crop.front } : {}), ...(f.crop.back ? { back: f.crop.back } : {}) },
    },
    contactInfo: {
      residentialAddress: address,
      residentialAddressCountry: CHINA,
      mailingAddress: address,
      mailingAddressCountry: CHINA,
      mailingSameResidential: f.sameAddress ? 1 : 0,
    },
    frontInfo,
  };
}
