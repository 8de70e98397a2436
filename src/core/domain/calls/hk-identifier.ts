/**
 * The calls of server/src/modules/hk-identifier: the HK investor identifier consent (issue 13).
 * Each entry: the one-line summary (OpenAPI, docs/api.md), the request (`req`, or `meta` for a multipart call) and
 * the answer (`res`). The path, method and options of each call are its CALLS entry (../calls.ts).
 */
import { z } from 'zod';
import { LANGS } from '../calls';
import { CID_ID_TYPE, CONSENT_CHANNEL } from '../hk-identifier';
import { subAcctId, type CallWires } from './shared';

export const hkIdentifierCalls = {
  hkIdentifierInfo: {
    summary: "An account's HK investor identifier consent: to sign or signed, and the data sent",
    req: z.object({ subAcctId }),
    res: z.object({
      /** 1 to sign, 2 signed (extra.needSignHKIdentifier) */
      needSignHKIdentifier: z.number(),
      /** the consent version the page shows (its text: hkIdentifier.consent of the locales) */
      consentVersion: z.string(),
      /** the identification data to be sent with the BCAN (the document number masked); null when none is on file here */
      identification: z
        .object({
          englishName: z.string(),
          chineseName: z.string(),
          idType: z.enum([CID_ID_TYPE.HKID, CID_ID_TYPE.NATIONAL_ID, CID_ID_TYPE.PASSPORT]),
          idNumberMasked: z.string(),
          issuingCountry: z.string(),
        })
        .nullable(),
      /** the signed consent of the client, null before */
      consent: z
        .object({ version: z.string(), lang: z.enum(LANGS), signedAt: z.string(), bcan: z.string(), channel: z.enum([CONSENT_CHANNEL.APP, CONSENT_CHANNEL.WEB]) })
        .nullable(),
    }),
  },
  hkIdentifierSign: {
    summary: 'Sign the HK investor identifier (HKIDR) consent',
    /** the consent version the page showed, in the language it showed it, and the ticked box */
    req: z.object({ subAcctId, version: z.string().min(1).max(32), lang: z.enum(LANGS), agreed: z.literal(true) }),
    res: z.object({ needSignHKIdentifier: z.number(), bcan: z.string(), signedAt: z.string() }),
  },
} as const satisfies CallWires;
