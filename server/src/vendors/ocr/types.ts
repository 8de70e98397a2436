/**
 * OCR vendor: reads the printed fields of a card that the service has already found and cut out of the
 * photo (see modules/ocr/card-image.ts). It answers what it READ, lightly cleaned; the service checks it
 * (ID number checksum, dates, validity) and decides the errors.
 */

/** The text of a mainland resident ID card as read. Fields of the other side, or unreadable ones, are ''. */
export interface IdCardText {
  /** 'front' = portrait side (姓名 … 公民身份号码), 'back' = emblem side (签发机关, 有效期限); null: not an ID card */
  side: 'front' | 'back' | null;
  name: string;
  /** 男 / 女 as printed, '' when unread */
  gender: '' | '男' | '女';
  nation: string;
  /** YYYY-MM-DD from the 出生 line, '' when unread */
  birthday: string;
  address: string;
  /** 18 characters (17 digits and a digit or X) after repairing look-alike letters; '' when none was found */
  idNumber: string;
  authority: string;
  /** 有效期限: start YYYY-MM-DD; end YYYY-MM-DD or 长期 (as read: the service checks them); null when unread */
  validity: { start: string; end: string } | null;
}

/** The front of a Hong Kong identity card as read. Unread fields are ''. */
export interface HkIdText {
  /** whether the picture read as an HKID front (its title, or a number with a right check digit) */
  isHkId: boolean;
  /** letters, six digits and the check digit, without brackets (K1234560): only a number whose check digit is right */
  idNumber: string;
  /** in capitals, as printed before and after the comma (CHAN / TAI MAN) */
  surname: string;
  givenNames: string;
  /** the Chinese characters of the name ('' for a holder without one, or when unread) */
  chineseName: string;
  /** YYYY-MM-DD */
  birthday: string;
  sex: '' | 'M' | 'F';
}

export const EMPTY_HKID_TEXT: HkIdText = { isHkId: false, idNumber: '', surname: '', givenNames: '', chineseName: '', birthday: '', sex: '' };

/**
 * The machine-readable zone of a passport's data page as read (ICAO 9303 TD3): two lines of 44 characters (A-Z, 0-9
 * and <), lightly cleaned (see mrz.ts mrzLinesOf); [] when no zone was found. The service parses and checks it.
 */
export interface PassportMrzText {
  lines: string[];
}

export interface BankCardText {
  /** the card number, digits only; '' when none was read */
  acctNumber: string;
}

export interface OcrVendor {
  readonly name: string;
  /** `card`: the card cut out of the photo (JPEG or PNG); `today` (YYYY-MM-DD, Hong Kong): the service's date, for choosing among readings of the ID number */
  readIdCard(card: Buffer, ctx?: { today?: string }): Promise<IdCardText>;
  /** the front of a Hong Kong identity card, cut out of the photo */
  readHkIdCard(card: Buffer): Promise<HkIdText>;
  /** the machine-readable zone of a passport's data page (the page cut out of the photo, or the whole photo) */
  readPassportMrz(page: Buffer): Promise<PassportMrzText>;
  readBankCard(card: Buffer): Promise<BankCardText>;
  /** frees engines and workers (called when the app closes) */
  close(): Promise<void>;
}

export interface OcrSettings {
  /** 'local' (default: tesseract.js with the language data from npm, offline) or 'http' */
  OCR_VENDOR?: 'local' | 'http';
  /** for 'http': base URL; POST {url}/idcard, /hkid, /mrz and /bankcard (see http.ts) */
  OCR_HTTP_URL?: string;
  /** for 'http': sent as `authorization: Bearer <key>` */
  OCR_HTTP_KEY?: string;
  OCR_HTTP_TIMEOUT_MS?: number;
}

export const EMPTY_ID_TEXT: IdCardText = {
  side: null,
  name: '',
  gender: '',
  nation: '',
  birthday: '',
  address: '',
  idNumber: '',
  authority: '',
  validity: null,
};
