/**
 * HTTP adapter for a hosted OCR service. The service sends the card already found and cut out of the photo:
 *   POST {OCR_HTTP_URL}/idcard   JSON {image: base64 JPEG}  → {side, name, gender, nation, birthday, address,
 *                                  idNumber, authority, validFrom, validTo}  (missing fields read as '')
 *   POST {OCR_HTTP_URL}/hkid     JSON {image: base64 JPEG}  → {isHkId, idNumber, surname, givenNames, chineseName,
 *                                  birthday, sex}  (a Hong Kong identity card's front; the number without brackets)
 *   POST {OCR_HTTP_URL}/mrz      JSON {image: base64 JPEG}  → {lines}  (a passport's data page: the machine-readable
 *                                  zone's lines as read; the service parses them and checks their check digits)
 *   POST {OCR_HTTP_URL}/bankcard JSON {image: base64 JPEG}  → {acctNumber}
 * with `authorization: Bearer <OCR_HTTP_KEY>` when a key is set. Dates YYYY-MM-DD (or YYYY.MM.DD); validTo
 * may be 长期. An answer that is not HTTP 2xx or not of this shape is an error (the caller answers 100500).
 */
import { z } from 'zod';
import { LONG_TERM } from '@core/domain/identity';
import { isoDate } from './parse';
import { mrzLinesOf } from './mrz';
import { EMPTY_ID_TEXT, type BankCardText, type HkIdText, type IdCardText, type OcrSettings, type OcrVendor, type PassportMrzText } from './types';

const text = z.string().max(1000).optional().default('');

const idAnswer = z.object({
  side: z.enum(['front', 'back']).nullable().optional().default(null),
  name: text,
  gender: z.enum(['', '男', '女']).optional().default(''),
  nation: text,
  birthday: text,
  address: text,
  idNumber: text,
  authority: text,
  validFrom: text,
  validTo: text,
});

const bankAnswer = z.object({ acctNumber: text });

const mrzAnswer = z.object({ lines: z.array(z.string().max(200)).max(10).optional().default([]) });

const hkAnswer = z.object({
  isHkId: z.boolean().optional().default(false),
  idNumber: text,
  surname: text,
  givenNames: text,
  chineseName: text,
  birthday: text,
  sex: z.enum(['', 'M', 'F']).optional().default(''),
});

/** YYYY-MM-DD from YYYY-MM-DD, YYYY.MM.DD or YYYYMMDD; '' otherwise. */
function dateOf(v: string): string {
  const m = /^(\d{4})\D?(\d{2})\D?(\d{2})$/.exec(v.trim());
  return m ? isoDate(m[1], m[2], m[3]) : '';
}

export function createHttpOcr(settings: OcrSettings, fetchImpl: typeof fetch = fetch): OcrVendor {
  const base = settings.OCR_HTTP_URL ?? '';
  if (!base) throw new Error('OCR_HTTP_URL is required when OCR_VENDOR=http');
  const timeout = settings.OCR_HTTP_TIMEOUT_MS ?? 30_000;

  async function post(path: 'idcard' | 'hkid' | 'mrz' | 'bankcard', card: Buffer): Promise<unknown> {
    const url = new URL(path, base.endsWith('/') ? base : `${base}/`);
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (settings.OCR_HTTP_KEY) headers.authorization = `Bearer ${settings.OCR_HTTP_KEY}`;
    const res = await fetchImpl(url, { method: 'POST', headers, body: JSON.stringify({ image: card.toString('base64') }), signal: AbortSignal.timeout(timeout) });
    if (!res.ok) throw new Error(`OCR vendor answered HTTP ${res.status}`);
    return res.json();
  }

  return {
    name: 'http',
    async readIdCard(card: Buffer): Promise<IdCardText> {
      const a = idAnswer.parse(await post('idcard', card));
      const end = a.validTo.trim() === LONG_TERM ? LONG_TERM : dateOf(a.validTo);
      return {
        ...EMPTY_ID_TEXT,
        side: a.side,
        name: a.name.trim(),
        gender: a.gender,
        nation: a.nation.trim(),
        birthday: dateOf(a.birthday),
        address: a.address.trim(),
        idNumber: a.idNumber.replace(/\s+/g, '').toUpperCase(),
        authority: a.authority.trim(),
        validity: a.validFrom || a.validTo ? { start: dateOf(a.validFrom), end } : null,
      };
    },
    async readHkIdCard(card: Buffer): Promise<HkIdText> {
      const a = hkAnswer.parse(await post('hkid', card));
      // the service checks the number's check digit and the date again, as it does for the local reading
      return {
        isHkId: a.isHkId,
        idNumber: a.idNumber.toUpperCase().replace(/[^A-Z0-9]/g, ''),
        surname: a.surname.trim().toUpperCase(),
        givenNames: a.givenNames.trim().toUpperCase(),
        chineseName: a.chineseName.trim(),
        birthday: dateOf(a.birthday),
        sex: a.sex,
      };
    },
    async readPassportMrz(page: Buffer): Promise<PassportMrzText> {
      // cleaned and put to length as the local reading is
      return { lines: mrzLinesOf(mrzAnswer.parse(await post('mrz', page)).lines) };
    },
    async readBankCard(card: Buffer): Promise<BankCardText> {
      const a = bankAnswer.parse(await post('bankcard', card));
      return { acctNumber: a.acctNumber.replace(/\D/g, '') };
    },
    async close(): Promise<void> {},
  };
}
