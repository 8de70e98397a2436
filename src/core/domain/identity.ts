/**
 * Identity and contact rules (spec part 1 §5, §9): ID numbers, names, e-mail, phone, bank card, address,
 * city, dates, ages and ID validity. Pure and zod-free: the screens and the service use the same functions.
 * Each check answers null (fine) or a rule name; `rules.<rule>` in locales translates it.
 */

// ---------------------------------------------------------------- limits (part 1 §9)

export const MAX_LEN = {
  cnIdNumber: 18,
  hkIdNumber: 9,
  otherIdNumber: 50,
  name: 100,
  address: 500,
  city: 100,
  companyName: 200,
  email: 50,
  bankCard: 25,
  phone: 11,
  brokerName: 100,
  account: 50,
} as const;

export const MIN_LEN = { hkIdNumber: 8, companyNameManual: 4, bankCard: 12 } as const;

/** The rule names a check can answer (each has `rules.<name>` in the locales; a test checks). */
export const RULES = [
  'required',
  'tooLong',
  'tooShort',
  'format',
  'lettersOnly',
  'englishName',
  'chineseName',
  'email',
  'phone',
  'bankCard',
  'city',
  'hkId',
  'hkIdCheckDigit',
  'otherId',
  'cnIdFormat',
  'cnIdRegion',
  'cnIdBirthday',
  'cnIdChecksum',
  'cnIdMismatch',
  'permanentCnId',
  'date',
  'dateRange',
  'under18',
  'tooOld',
  'idExpiring',
  'idExpired',
  'country',
  'nationalityNotAllowed',
  'nationalityChina',
  'idTypeNotAllowed',
  'issuingCountry',
  'mainlandInvestor',
  'fileRequired',
  'tooManyFiles',
  'mustTick',
  'sameAsName',
  'broker',
  'choice',
  'needOne',
  'offlineOpening',
  'usPerson',
  'debtDispute',
  'assetsInverted',
  'duplicateCountry',
  'noChinese',
  'notOffered',
  'amlConfirm',
  'derivativeInfo',
  'tooManyRows',
  'identityCountry',
  'identityNumber',
  'mustListen',
  'signatureInk',
  'textEncoding',
  'category',
  /** the W-8BEN address of an account update: upper-case letters, digits and spaces */
  'w8Address',
  /** a trading password: 6 digits */
  'tradePassword',
  /** a trading password of one digit repeated or a straight run */
  'tradePasswordWeak',
] as const;
export type Rule = (typeof RULES)[number];

export type Check = Rule | null;

const HAN = /\p{Script=Han}/u;

/** Required, trimmed, at most `max` characters. */
export function checkText(value: unknown, max: number, required = true): Check {
  const v = typeof value === 'string' ? value.trim() : '';
  if (!v) return required ? 'required' : null;
  return v.length > max ? 'tooLong' : null;
}

// ---------------------------------------------------------------- mainland ID (GB 11643)

const CN_ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CN_ID_CHECK = '10X98765432';

/**
 * The 31 mainland provinces' codes (first two digits). 71/81/82/83 (Taiwan, Hong Kong, Macau residence permits)
 * are not mainland resident ID cards: their holders use the overseas route.
 */
export const CN_PROVINCE_CODES: readonly string[] = [
  '11', '12', '13', '14', '15', '21', '22', '23', '31', '32', '33', '34', '35', '36', '37',
  '41', '42', '43', '44', '45', '46', '50', '51', '52', '53', '54', '61', '62', '63', '64', '65',
];

/** The ISO 7064 MOD 11-2 check character of the first 17 digits. */
export function cnIdCheckDigit(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * CN_ID_WEIGHTS[i];
  return CN_ID_CHECK[sum % 11];
}

export type CnIdParse =
  | { ok: true; region: string; birthday: string; gender: 1 | 2 }
  | { ok: false; rule: Extract<Rule, 'required' | 'cnIdFormat' | 'cnIdRegion' | 'cnIdBirthday' | 'cnIdChecksum'> };

/** Upper-cases and drops spaces (the only clean-up a typed ID number gets). */
export const normaliseCnId = (raw: string) => raw.replace(/\s+/g, '').toUpperCase();

/**
 * A mainland resident ID number, checked for real: 18 characters (17 digits and a digit or X), a known
 * province (and, when `knownRegion` is given — the service passes the division data — a known region code),
 * a real birth date not in the future (HK date `today`) and not before 1900, and the MOD 11-2 check character.
 * Gender: the 17th digit, odd male (1), even female (2).
 */
export function parseCnId(raw: string, today: string, knownRegion?: (code6: string) => boolean): CnIdParse {
  const id = normaliseCnId(raw);
  if (!id) return { ok: false, rule: 'required' };
  if (!/^\d{17}[\dX]$/.test(id)) return { ok: false, rule: 'cnIdFormat' };
  const region = id.slice(0, 6);
  if (!CN_PROVINCE_CODES.includes(id.slice(0, 2)) || (knownRegion && !knownRegion(region))) return { ok: false, rule: 'cnIdRegion' };
  const birthday = `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)}`;
  if (!isIsoDate(birthday) || birthday < DATE_MIN || birthday > today) return { ok: false, rule: 'cnIdBirthday' };
  if (cnIdCheckDigit(id) !== id[17]) return { ok: false, rule: 'cnIdChecksum' };
  return { ok: true, region, birthday, gender: Number(id[16]) % 2 === 1 ? 1 : 2 };
}

/** The check as a field rule; with birthday/gender given they must agree with the number. */
export function checkCnId(raw: unknown, today: string, agree: { birthday?: string; gender?: number } = {}, knownRegion?: (c: string) => boolean): Check {
  if (typeof raw !== 'string') return 'required';
  const p = parseCnId(raw, today, knownRegion);
  if (!p.ok) return p.rule;
  if (agree.birthday && agree.birthday !== p.birthday) return 'cnIdMismatch';
  if (agree.gender && agree.gender !== p.gender) return 'cnIdMismatch';
  return null;
}

// ---------------------------------------------------------------- other identity documents

/** HK ID as typed: letters and digits only (brackets, spaces and other characters dropped), upper case, at most 9. */
export const normaliseHkId = (raw: string) => raw.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, MAX_LEN.hkIdNumber);

/** HK ID: one or two letters, six digits and the check digit, without brackets (A1234563 for A123456(3)); other shapes are a format error. */
export function checkHkId(raw: unknown): Check {
  const v = typeof raw === 'string' ? raw : '';
  if (!v) return 'required';
  if (!/^[A-Z0-9]+$/.test(v) || v.length < MIN_LEN.hkIdNumber || v.length > MAX_LEN.hkIdNumber) return 'hkId';
  if (!/^[A-Z]{1,2}\d{6}[0-9A]$/.test(v)) return 'hkId';
  return hkIdCheckDigit(v.slice(0, -1)) === v.slice(-1) ? null : 'hkIdCheckDigit';
}

/**
 * The check digit of a Hong Kong identity card number (the character in brackets) from its one or two letters and
 * six digits: a single letter is read as if preceded by a space (36), letters A-Z count 10-35, digits their value;
 * weights 9 down to 2; the digit is 11 minus the sum mod 11, with 10 written A and 11 written 0.
 */
export function hkIdCheckDigit(body: string): string {
  const chars = (body.length === 7 ? ` ${body}` : body).split('');
  const sum = chars.reduce((acc, ch, i) => acc + (ch === ' ' ? 36 : /\d/.test(ch) ? Number(ch) : ch.charCodeAt(0) - 55) * (9 - i), 0);
  const d = (11 - (sum % 11)) % 11;
  return d === 10 ? 'A' : String(d);
}

/** Passports and other IDs as typed: letters, digits, parentheses, hyphens and slashes, at most 50. */
export const normaliseOtherId = (raw: string) => raw.replace(/[^A-Za-z0-9()\-/]/g, '').toUpperCase().slice(0, MAX_LEN.otherIdNumber);

export function checkOtherId(raw: unknown): Check {
  const v = typeof raw === 'string' ? raw : '';
  if (!v) return 'required';
  if (v.length > MAX_LEN.otherIdNumber) return 'tooLong';
  return /^[A-Za-z0-9()\-/]+$/.test(v) ? null : 'otherId';
}

/** A mainland permanent-residence ID number given by a non-permanent HK resident: 18 digits or X (17 digits + X). */
export function checkPermanentCnId(raw: unknown): Check {
  const v = typeof raw === 'string' ? raw.toUpperCase() : '';
  if (!v) return 'required';
  return /^\d{17}[\dX]$/.test(v) ? null : 'permanentCnId';
}

// ---------------------------------------------------------------- names

/** Pinyin / English names as typed: upper case; `allowHyphen` for the HK page's English names. */
export const normaliseLatinName = (raw: string, allowHyphen = false) =>
  raw.toUpperCase().replace(allowHyphen ? /[^A-Z \-]/g : /[^A-Z ]/g, '').replace(/ {2,}/g, ' ').slice(0, MAX_LEN.name);

/** Pinyin surname / given name on the mainland ID page: letters and spaces, upper case, at most 100. */
export function checkPinyin(raw: unknown): Check {
  const v = typeof raw === 'string' ? raw.trim() : '';
  if (!v) return 'required';
  if (v.length > MAX_LEN.name) return 'tooLong';
  return /^[A-Z ]+$/.test(v) ? null : 'lettersOnly';
}

/** English last / given name on the HK page: letters, hyphen, space, upper case, at most 100. */
export function checkEnglishName(raw: unknown): Check {
  const v = typeof raw === 'string' ? raw.trim() : '';
  if (!v) return 'required';
  if (v.length > MAX_LEN.name) return 'tooLong';
  return /^[A-Z][A-Z \-]*$/.test(v) ? null : 'englishName';
}

/** Chinese name on the HK page: Chinese characters and Latin letters (spaces and · between them), at most 100. */
export function checkChineseName(raw: unknown, required: boolean): Check {
  const v = typeof raw === 'string' ? raw.trim() : '';
  if (!v) return required ? 'required' : null;
  if (v.length > MAX_LEN.name) return 'tooLong';
  return /^[\p{Script=Han}A-Za-z·• ]+$/u.test(v) ? null : 'chineseName';
}

/** Chinese name on the mainland ID page (as printed on the card: Chinese characters, · for some names), at most 100. */
export function checkCnName(raw: unknown): Check {
  const v = typeof raw === 'string' ? raw.trim() : '';
  if (!v) return 'required';
  if (v.length > MAX_LEN.name) return 'tooLong';
  return HAN.test(v) && /^[\p{Script=Han}·•A-Za-z ]+$/u.test(v) ? null : 'chineseName';
}

/** The English name sent with the mainland ID: last name, a space, first name. */
export const englishNameOf = (lastName: string, firstName: string) => `${lastName.trim()} ${firstName.trim()}`.trim();

// ---------------------------------------------------------------- e-mail, phone, bank card

/** E-mail as typed: spaces and Chinese characters removed, at most 50. */
export const normaliseEmail = (raw: string) => raw.replace(/[\s\p{Script=Han}\u3000-\u303f\uff00-\uffef]/gu, '').slice(0, MAX_LEN.email);

const EMAIL_RE = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

export function checkEmail(raw: unknown): Check {
  const v = typeof raw === 'string' ? raw : '';
  if (!v) return 'required';
  if (v.length > MAX_LEN.email) return 'tooLong';
  return EMAIL_RE.test(v) && !v.includes('..') ? null : 'email';
}

/**
 * The 11 domains the e-mail field suggests (spec part 1 §9). The spec's "{host}" entry is a template
 * whose value is not shown: outlook.com, the largest provider the list lacks (docs/decisions.md).
 */
export const EMAIL_DOMAINS: readonly string[] = [
  'qq.com', 'vip.qq.com', 'foxmail.com', '126.com', '163.com', 'gmail.com', 'yahoo.com', 'hotmail.com', 'outlook.com', 'sina.com', '139.com',
];

/** Suggestions for what is typed: after "@", the domains starting with what follows it; none once a listed domain is complete. */
export function emailSuggestions(typed: string): string[] {
  const at = typed.indexOf('@');
  if (!typed || at === 0) return [];
  const local = at < 0 ? typed : typed.slice(0, at);
  const part = at < 0 ? '' : typed.slice(at + 1).toLowerCase();
  if (EMAIL_DOMAINS.includes(part)) return [];
  return EMAIL_DOMAINS.filter((d) => d.startsWith(part)).map((d) => `${local}@${d}`);
}

export const normaliseDigits = (raw: string, max: number) => raw.replace(/\D/g, '').slice(0, max);

/** The bank's reserved phone of a mainland card: a mainland mobile number, 11 digits starting with 1. */
export function checkPhone(raw: unknown): Check {
  const v = typeof raw === 'string' ? raw : '';
  if (!v) return 'required';
  return /^1\d{10}$/.test(v) ? null : 'phone';
}

/** Bank card number: digits only, 12 to 25. */
export function checkBankCard(raw: unknown): Check {
  const v = typeof raw === 'string' ? raw : '';
  if (!v) return 'required';
  return /^\d+$/.test(v) && v.length >= MIN_LEN.bankCard && v.length <= MAX_LEN.bankCard ? null : 'bankCard';
}

/** The Luhn (ISO/IEC 7812 mod 10) check of a digit string. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * The card's scheme mandates a Luhn check digit: UnionPay (62), Visa (4), Mastercard (5), 16 to 19 digits.
 * Older domestic numbers (e.g. 9xxx passbook-linked cards) follow no public check-digit rule.
 */
export const luhnApplies = (digits: string) => /^(62|4|5)\d+$/.test(digits) && digits.length >= 16 && digits.length <= 19;

// ---------------------------------------------------------------- address and city

export const checkAddress = (raw: unknown): Check => checkText(raw, MAX_LEN.address);

/** Countries where the city is not asked (the territory is the city). */
export const CITY_OPTIONAL_COUNTRIES: readonly string[] = ['HK', 'MO'];

/** City: required unless the country is HK or MO; letters (any script, Chinese included), spaces and hyphens; at most 100. */
export function checkCity(raw: unknown, country: string | undefined): Check {
  const v = typeof raw === 'string' ? raw.trim() : '';
  if (!v) return country && CITY_OPTIONAL_COUNTRIES.includes(country) ? null : 'required';
  if (v.length > MAX_LEN.city) return 'tooLong';
  return /^[\p{L}][\p{L} \-']*$/u.test(v) ? null : 'city';
}

// ---------------------------------------------------------------- dates

/** Date pickers' range (part 1 §9). Dates travel as YYYY-MM-DD and show as YYYY/MM/DD. */
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2122-02-01';

export function isIsoDate(v: unknown): v is string {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const [y, m, d] = v.split('-').map(Number);
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

export const displayDate = (iso: string) => iso.replace(/-/g, '/');

/** A YYYY-MM-DD date inside the pickers' range. */
export function checkDate(v: unknown): Check {
  if (v === undefined || v === null || v === '') return 'required';
  if (!isIsoDate(v)) return 'date';
  return v < DATE_MIN || v > DATE_MAX ? 'dateRange' : null;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Today's date in Hong Kong (the broker's calendar: ages and validity are counted in HK time). */
export function todayInHongKong(now: Date | number = Date.now()): string {
  const t = new Date(typeof now === 'number' ? now : now.getTime());
  return new Date(t.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysIn = (y: number, m: number) => [31, isLeap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1];

/** date + n months, the day clamped to the month's end (2024-08-31 + 6 → 2025-02-28). */
export function addMonths(iso: string, n: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  const total = y * 12 + (m - 1) + n;
  const ny = Math.floor(total / 12);
  const nm = (total % 12) + 1;
  return `${pad(ny, 4)}-${pad(nm)}-${pad(Math.min(d, daysIn(ny, nm)))}`;
}

/**
 * Age in whole years on `today` (both YYYY-MM-DD): one more on each birthday. Someone born on 29 February
 * has the birthday on 1 March in other years.
 */
export function ageOn(birthday: string, today: string): number {
  const [by, bm, bd] = birthday.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  let age = ty - by;
  const [cm, cd] = bm === 2 && bd === 29 && !isLeap(ty) ? [3, 1] : [bm, bd];
  if (tm < cm || (tm === cm && td < cd)) age -= 1;
  return age;
}

/**
 * Age limits of online opening. Under 18: refused. 76 and older: offline opening only. The spec gives two
 * readings (65 or 76); 76 is used on both identity pages because part 3 asks for a special risk disclosure
 * for applicants aged 65-75, who therefore open online (docs/decisions.md).
 */
export const AGE_MIN = 18;
export const AGE_OFFLINE_FROM = 76;

/** The age rule for a birth date: under18, tooOld (76+), or null. */
export function checkAge(birthday: unknown, today: string): Check {
  if (!isIsoDate(birthday)) return 'required';
  const age = ageOn(birthday, today);
  if (age < AGE_MIN) return 'under18';
  if (age >= AGE_OFFLINE_FROM) return 'tooOld';
  return null;
}

// ---------------------------------------------------------------- the date wheels' ranges

/** date + n days (YYYY-MM-DD, UTC arithmetic: no time zone involved) */
export function addDays(iso: string, n: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** The age the birth-date wheel opens at while the field is empty (docs/decisions.md, issue 25). */
export const BIRTHDAY_WHEEL_START_AGE = 30;

/**
 * The birth dates the age rule (checkAge) allows on `today`: from the earliest date still under
 * AGE_OFFLINE_FROM to the latest date already AGE_MIN, found with ageOn itself (29 February included); and where
 * the wheel opens, BIRTHDAY_WHEEL_START_AGE years back.
 */
export function birthdayRange(today: string): { min: string; max: string; start: string; ages: { min: number; max: number } } {
  let max = addMonths(today, -12 * AGE_MIN);
  while (ageOn(max, today) < AGE_MIN) max = addDays(max, -1);
  while (ageOn(addDays(max, 1), today) >= AGE_MIN) max = addDays(max, 1);
  let min = addMonths(today, -12 * AGE_OFFLINE_FROM);
  while (ageOn(min, today) >= AGE_OFFLINE_FROM) min = addDays(min, 1);
  while (ageOn(addDays(min, -1), today) < AGE_OFFLINE_FROM) min = addDays(min, -1);
  const start = addMonths(today, -12 * BIRTHDAY_WHEEL_START_AGE);
  // the ages those dates give, for the field's hint
  return { min, max, start: start < min ? min : start > max ? max : start, ages: { min: AGE_MIN, max: AGE_OFFLINE_FROM - 1 } };
}

// ---------------------------------------------------------------- ID validity

/** The word the mainland ID card prints for a validity without end; stored as the end of idValidTime. */
export const LONG_TERM = '长期';
/** The ID must stay valid at least this many months from today. */
export const ID_MIN_VALID_MONTHS = 6;

/** A mainland ID's longest fixed validity in years (cards run 5, 10 or 20 years; older holders get long-term). */
export const ID_VALID_MAX_YEARS = 20;
/** The second-generation mainland ID cards, whose validity the page reads, were issued from 2004. */
export const CN_ID_ISSUED_FROM = '2004-01-01';

/**
 * The validity wheels' ranges on `today`: the start from CN_ID_ISSUED_FROM to today (opening at today); the end
 * from ID_MIN_VALID_MONTHS ahead (the rule's least) to ID_VALID_MAX_YEARS ahead (opening 10 years ahead).
 */
export function idValidityRanges(today: string): { start: { min: string; max: string; start: string }; end: { min: string; max: string; start: string } } {
  return {
    start: { min: CN_ID_ISSUED_FROM, max: today, start: today },
    end: { min: addMonths(today, ID_MIN_VALID_MONTHS), max: addMonths(today, 12 * ID_VALID_MAX_YEARS), start: addMonths(today, 12 * (ID_VALID_MAX_YEARS / 2)) },
  };
}

/** idValidTime "start,end" → its parts (end a date or LONG_TERM); null when malformed. */
export function parseValidity(v: unknown): { start: string; end: string } | null {
  if (typeof v !== 'string') return null;
  const [start, end, ...rest] = v.split(',');
  if (rest.length || !isIsoDate(start)) return null;
  if (end !== LONG_TERM && !isIsoDate(end)) return null;
  if (end !== LONG_TERM && end <= start) return null;
  return { start, end };
}

export const joinValidity = (start: string, end: string) => `${start},${end}`;

/** Validity rule: malformed or started in the future → date; ended → idExpired; less than 6 months left → idExpiring. */
export function checkValidity(v: unknown, today: string): Check {
  if (v === undefined || v === null || v === '') return 'required';
  const p = parseValidity(v);
  if (!p || p.start > today) return 'date';
  if (p.end === LONG_TERM) return null;
  if (p.end < today) return 'idExpired';
  return p.end < addMonths(today, ID_MIN_VALID_MONTHS) ? 'idExpiring' : null;
}
