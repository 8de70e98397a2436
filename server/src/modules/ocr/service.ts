/**
 * IdcardOcr, HkIdcardOcr, PassportOcr and BankcardOcr: the caller's own uploaded photo → the card found and cut out → checks of the
 * picture (photocopy, glare) → the vendor reads it (a job, in the worker; 100503 when busy) → the fields checked
 * with the domain rules.
 *
 * ID card errors: 151202 no card / not an ID card / no valid ID number (front) / no validity (back);
 * 151203 no colour on the card (a photocopy or greyscale reproduction); 151204 a large blown-out patch;
 * 151201 validity dates that are not real, in the wrong order, starting in the future, or already ended.
 * When no card or number could be read because of the photo itself, 151202 / 150302 carry data.reason
 * ('unreadable' | 'blank' | 'blurry', card-image.ts photoProblem) and a message saying what to do.
 * Bank card: 150302 when no 12-25 digit number is read. Someone else's file: 100403. A PDF cannot be read
 * as a card photo: 151202 (ID) or 150302 (bank).
 */
import { saveReading } from './repository';
import type { FastifyBaseLogger } from 'fastify';
import { ErrorCode, type Lang, type Res } from '@core/domain';
import { serverText } from '../../i18n';
import { checkBankCard, checkChineseName, checkEnglishName, checkHkId, checkValidity, isIsoDate, joinValidity, parseCnId, todayInHongKong } from '@core/domain/identity';
import { AppError } from '../../errors';
import type { FilesDeps } from '../files';
import { storeUpload } from '../files';
import { findOwnedFile } from '../files';
import { isKnownRegion } from '../lookup';
import { readBankCardByJob, readHkIdCardByJob, readIdCardByJob, readPassportMrzByJob } from '../../jobs/vendor-calls';
import { readPassportZone } from './passport';
import type { Jobs } from '../../jobs/queue';
import { cardQuality, findCard, photoProblem, QUALITY_LIMITS, uprightPhoto } from './card-image';

export interface OcrDeps extends FilesDeps {
  /** the vendor reads the card as a job (ocr.read: jobs/vendor-calls.ts), in the worker */
  jobs: Jobs;
}

const IMAGE_TYPES = ['image/png', 'image/jpeg'];

/** The bytes of the caller's image file: 100403 when it is not theirs (or does not exist); `notImage` for a PDF. */
async function ownedImage(deps: OcrDeps, userId: string, ossId: string, notImage: number): Promise<Buffer> {
  const file = await findOwnedFile(deps.db, userId, ossId);
  if (!file) throw new AppError(ErrorCode.FORBIDDEN);
  if (!IMAGE_TYPES.includes(file.mime)) throw new AppError(notImage);
  return deps.storage.read(file.storage_key);
}

const GENDER_CODE = { 男: 1, 女: 2 } as const;

/**
 * The refusal of a photo that gave no card: the catalogue's code, with data.reason and a message naming what is
 * wrong with the photo itself (cannot be opened, blank, blurred) when that is the cause, so that the applicant knows
 * whether to hold still, light the card or choose another file.
 */
async function unusable(code: number, bytes: Buffer, lang: Lang | undefined): Promise<AppError> {
  const reason = await photoProblem(bytes);
  if (!reason) return new AppError(code);
  return new AppError(code, { data: { reason }, message: lang ? serverText(`photo_${reason}`, lang) : undefined });
}

/**
 * An identity card's photo, the caller's own, as the readings take it: the card found and cut out (151202 without
 * one, with the photo's own problem when that is the cause), then its picture checked: 151203 without colour (a
 * photocopy), 151204 with a large blown-out patch (glare).
 */
async function checkedIdCard(deps: OcrDeps, userId: string, ossId: string, lang: Lang | undefined): Promise<{ bytes: Buffer; crop: Buffer }> {
  const bytes = await ownedImage(deps, userId, ossId, ErrorCode.ID_UNCLEAR);
  const card = await findCard(bytes);
  if (!card) throw await unusable(ErrorCode.ID_UNCLEAR, bytes, lang);
  await refuseCopyOrGlare(card.crop);
  return { bytes, crop: card.crop };
}

/** 151203 for a card cut out of the photo without colour (a photocopy), 151204 with a large blown-out patch (glare). */
async function refuseCopyOrGlare(crop: Buffer): Promise<void> {
  const quality = await cardQuality(crop);
  if (quality.saturation < QUALITY_LIMITS.minSaturation) throw new AppError(ErrorCode.ID_NOT_ORIGINAL);
  if (quality.blownOut > QUALITY_LIMITS.maxBlownOut) throw new AppError(ErrorCode.ID_REFLECTIVE);
}

export async function idcardOcr(deps: OcrDeps, userId: string, ossId: string, log?: FastifyBaseLogger, lang?: Lang): Promise<Res<'idcardOcr'>> {
  const { bytes, crop } = await checkedIdCard(deps, userId, ossId, lang);

  const today = todayInHongKong(deps.clock.now());
  const { text: read, vendor } = await readIdCardByJob(deps, crop, today);
  const answer: Omit<Res<'idcardOcr'>, 'cropIdCard'> = {
    side: 'front',
    name: '',
    idNumber: '',
    idAddress: '',
    gender: 0,
    birthday: '',
    idAuthority: '',
    idValidTime: '',
  };

  if (read.side === 'front') {
    // the same region rule as the ID card step (ApplyUpdate IDCARD)
    const id = parseCnId(read.idNumber, today, isKnownRegion);
    if (!id.ok) throw await unusable(ErrorCode.ID_UNCLEAR, bytes, lang);
    // the ID number decides birthday and gender; what the 出生 and 性别 lines say is only compared
    const disagree = [
      read.birthday && read.birthday !== id.birthday ? 'birthday' : null,
      read.gender && GENDER_CODE[read.gender] !== id.gender ? 'gender' : null,
    ].filter(Boolean);
    if (disagree.length) log?.info({ ocr: vendor, disagree }, 'ID card: printed fields differ from the ID number; the number is used');
    Object.assign(answer, { side: 'front', name: read.name, idNumber: read.idNumber, idAddress: read.address, gender: id.gender, birthday: id.birthday });
  } else if (read.side === 'back') {
    if (!read.validity) throw await unusable(ErrorCode.ID_UNCLEAR, bytes, lang);
    const validTime = joinValidity(read.validity.start, read.validity.end);
    const rule = checkValidity(validTime, today);
    if (rule === 'required' || rule === 'date' || rule === 'idExpired') throw new AppError(ErrorCode.ID_VALIDITY_INVALID);
    Object.assign(answer, { side: 'back', idAuthority: read.authority, idValidTime: validTime });
  } else {
    throw await unusable(ErrorCode.ID_UNCLEAR, bytes, lang);
  }

  const cropIdCard = await storeUpload(deps, userId, { category: 'UserInfo', filename: `idcard-${answer.side}.jpg`, bytes: crop }, 'made');
  // kept for the review desk: what was read beside what the applicant saves
  const { side, ...fields } = answer;
  await saveReading(deps.db, { ossId, userId, kind: side === 'front' ? 'idcardFront' : 'idcardBack', fields }, new Date(deps.clock.now()));
  return { ...answer, cropIdCard };
}

/**
 * HkIdcardOcr (issue 41): the front of a Hong Kong identity card, with the same picture checks as the mainland card.
 * The number must come with a right check digit (hkIdCheckDigit); a name, date or sex that does not pass the USERINFO
 * step's own checks is answered as unread (''), for the applicant to type. What was read is kept for the review desk.
 */
export async function hkIdcardOcr(deps: OcrDeps, userId: string, ossId: string, lang?: Lang): Promise<Res<'hkIdcardOcr'>> {
  const { bytes, crop } = await checkedIdCard(deps, userId, ossId, lang);
  const { text: read } = await readHkIdCardByJob(deps, crop);
  if (!read.isHkId || checkHkId(read.idNumber) !== null) throw await unusable(ErrorCode.ID_UNCLEAR, bytes, lang);
  const today = todayInHongKong(deps.clock.now());
  const name = (v: string) => (checkEnglishName(v) === null ? v : '');
  const fields = {
    idNumber: read.idNumber,
    lastName: name(read.surname),
    firstName: name(read.givenNames),
    chineseName: read.chineseName && checkChineseName(read.chineseName, true) === null ? read.chineseName : '',
    // a real date, not after today (the age rule is the USERINFO step's, on save)
    birthday: isIsoDate(read.birthday) && read.birthday <= today ? read.birthday : '',
    gender: read.sex === 'M' ? 1 : read.sex === 'F' ? 2 : 0,
  } as const;
  const cropIdCard = await storeUpload(deps, userId, { category: 'UserInfo', filename: 'hkid-front.jpg', bytes: crop }, 'made');
  await saveReading(deps.db, { ossId, userId, kind: 'hkidFront', fields }, new Date(deps.clock.now()));
  return { ...fields, cropIdCard };
}

/**
 * PassportOcr (issue 41): a passport's data page. The page is cut out of the photo and checked as a card is (151203
 * photocopy, 151204 glare); a photo where no page stands apart (the open booklet) is read whole. The machine-readable
 * zone is read by the vendor and checked here (passport.ts): 151202 without a zone whose check digits all hold, 151201
 * when the passport has expired. Names and a birth date that fail the USERINFO rules are answered as unread ('').
 */
export async function passportOcr(deps: OcrDeps, userId: string, ossId: string, lang?: Lang): Promise<Res<'passportOcr'>> {
  const bytes = await ownedImage(deps, userId, ossId, ErrorCode.ID_UNCLEAR);
  const card = await findCard(bytes);
  if (card) await refuseCopyOrGlare(card.crop);
  // the open booklet: the whole photo, upright (a file that does not decode has no zone)
  const page = card ? card.crop : await uprightPhoto(bytes, 'jpeg');
  if (!page) throw await unusable(ErrorCode.ID_UNCLEAR, bytes, lang);
  const today = todayInHongKong(deps.clock.now());
  const { text } = await readPassportMrzByJob(deps, page);
  const read = readPassportZone(text.lines, today);
  if (!read) throw await unusable(ErrorCode.ID_UNCLEAR, bytes, lang);
  if (read.expiry < today) throw new AppError(ErrorCode.ID_VALIDITY_INVALID);
  const name = (v: string) => (checkEnglishName(v) === null ? v : '');
  const fields = {
    idNumber: read.idNumber,
    issuingCountry: read.issuingCountry,
    nationality: read.nationality,
    lastName: name(read.lastName),
    firstName: name(read.firstName),
    birthday: read.birthday <= today ? read.birthday : '',
    gender: read.gender,
    expiry: read.expiry,
  } as const;
  const cropIdCard = await storeUpload(deps, userId, { category: 'UserInfo', filename: 'passport-page.jpg', bytes: page }, 'made');
  await saveReading(deps.db, { ossId, userId, kind: 'passport', fields }, new Date(deps.clock.now()));
  return { ...fields, cropIdCard };
}

export async function bankcardOcr(deps: OcrDeps, userId: string, ossId: string, lang?: Lang): Promise<Res<'bankcardOcr'>> {
  const bytes = await ownedImage(deps, userId, ossId, ErrorCode.BANK_CARD_WRONG);
  const card = await findCard(bytes);
  if (!card) throw await unusable(ErrorCode.BANK_CARD_WRONG, bytes, lang);
  const { acctNumber } = (await readBankCardByJob(deps, card.crop)).text;
  if (checkBankCard(acctNumber) !== null) throw await unusable(ErrorCode.BANK_CARD_WRONG, bytes, lang);
  await saveReading(deps.db, { ossId, userId, kind: 'bankcard', fields: { acctNumber } }, new Date(deps.clock.now()));
  return { acctNumber };
}
