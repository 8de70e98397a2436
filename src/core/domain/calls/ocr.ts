/**
 * The calls of server/src/modules/ocr: reading ID cards (mainland, Hong Kong), passports and bank card photos.
 * Each entry: the one-line summary (OpenAPI, docs/api.md), the request (`req`, or `meta` for a multipart call) and
 * the answer (`res`). The path, method and options of each call are its CALLS entry (../calls.ts).
 */
import { z } from 'zod';
import { fileRef, type CallWires } from './shared';

export const ocrCalls = {
  idcardOcr: {
    summary: 'Read a mainland ID card photo',
    /** an uploaded image of the card (the caller's own file) */
    req: fileRef,
    /**
     * side 'front' (portrait side: name, gender, birthday, idAddress, idNumber) or 'back' (emblem side:
     * idAuthority, idValidTime "YYYY-MM-DD,YYYY-MM-DD" or "YYYY-MM-DD,长期"); fields of the other side are ''.
     * cropIdCard: the card cut out of the photo, stored as the caller's file (category UserInfo).
     * Errors: 151201 validity expired or unreadable, 151202 card not found / unreadable, 151203 photocopy, 151204 glare.
     */
    res: z.object({
      side: z.enum(['front', 'back']),
      name: z.string(),
      idNumber: z.string(),
      idAddress: z.string(),
      gender: z.union([z.literal(0), z.literal(1), z.literal(2)]),
      birthday: z.string(),
      idAuthority: z.string(),
      idValidTime: z.string(),
      cropIdCard: z.object({ ossId: z.string(), ossUrl: z.string() }),
    }),
  },
  hkIdcardOcr: {
    summary: 'Read a Hong Kong identity card photo (front)',
    /** an uploaded image of the card's front (the caller's own file) */
    req: fileRef,
    /**
     * What the card says, for the applicant to confirm or correct: idNumber (letters, six digits and the check digit,
     * without brackets; only a number whose check digit is right), lastName and firstName (the English name's surname
     * and given names, in capitals), chineseName ('' when the card has none or it could not be read), birthday
     * (YYYY-MM-DD or ''), gender (1 male, 2 female, 0 unread). cropIdCard: the card cut out of the photo, stored as the
     * caller's file (category UserInfo).
     * Errors: 151202 no card, not an HKID front, or no number with a right check digit; 151203 photocopy; 151204 glare.
     */
    res: z.object({
      idNumber: z.string(),
      lastName: z.string(),
      firstName: z.string(),
      chineseName: z.string(),
      birthday: z.string(),
      gender: z.union([z.literal(0), z.literal(1), z.literal(2)]),
      cropIdCard: z.object({ ossId: z.string(), ossUrl: z.string() }),
    }),
  },
  passportOcr: {
    summary: "Read a passport's machine-readable zone",
    /** an uploaded image of the passport's data page (the caller's own file) */
    req: fileRef,
    /**
     * What the zone says, every check digit verified, for the applicant to confirm or correct: idNumber (without
     * fillers), issuingCountry and nationality (ISO 3166-1 alpha-2; '' for a code that is not a country), lastName and
     * firstName in capitals ('' when they fail the USERINFO rules), birthday and expiry (YYYY-MM-DD), gender (1 male,
     * 2 female, 0 not stated). cropIdCard: the data page cut out of the photo (or the photo), the caller's file.
     * Errors: 151202 no zone or a check digit that fails; 151201 expired; 151203 photocopy; 151204 glare.
     */
    res: z.object({
      idNumber: z.string(),
      issuingCountry: z.string(),
      nationality: z.string(),
      lastName: z.string(),
      firstName: z.string(),
      birthday: z.string(),
      gender: z.union([z.literal(0), z.literal(1), z.literal(2)]),
      expiry: z.string(),
      cropIdCard: z.object({ ossId: z.string(), ossUrl: z.string() }),
    }),
  },
  bankcardOcr: {
    summary: 'Read a bank card photo',
    req: fileRef,
    /** the card number, digits only; 150302 when no card number can be read */
    res: z.object({ acctNumber: z.string() }),
  },
} as const satisfies CallWires;
