/**
 * The calls of server/src/modules/lookup: look-ups: birthplace, pinyin, address in English, mainland cities, companies.
 * Each entry: the one-line summary (OpenAPI, docs/api.md), the request (`req`, or `meta` for a multipart call) and
 * the answer (`res`). The path, method and options of each call are its CALLS entry (../calls.ts).
 */
import { z } from 'zod';
import type { CallWires } from './shared';

export const lookupCalls = {
  kycKeyValue: {
    summary: 'Look-ups: birthplace, name in pinyin, address in English',
    /**
     * type 2: first 6 digits of a mainland ID → birthplace; 3: Chinese name → pinyin; 4: address (URI-encoded) → English/pinyin,
     * upper case. key up to 4500: a 500-character Chinese address is 4500 characters URI-encoded (each type checks its own length).
     */
    req: z.object({ type: z.union([z.literal(2), z.literal(3), z.literal(4)]), key: z.string().min(1).max(4500) }),
    res: z.object({
      value: z.string().optional(),
      namePinyin: z
        .object({ surnamePinyin: z.string(), namePinyin: z.string(), surnameIsPolyphone: z.boolean(), nameIsPolyphone: z.boolean() })
        .optional(),
    }),
  },
  mainlandCity: {
    summary: 'Mainland provinces and cities',
    /** province name → its prefecture-level cities (Chinese names, official division order) */
    res: z.record(z.string(), z.array(z.string())),
  },
  companySearch: {
    summary: 'Search companies by name',
    req: z.object({
      word: z.string().trim().min(2).max(100),
      pageSize: z.coerce.number().int().min(1).max(50).default(10),
      pageNum: z.coerce.number().int().min(1).max(1000).default(1),
    }),
    res: z.object({
      items: z.array(z.object({ id: z.string(), name: z.string(), regLocation: z.string() })),
      total: z.number(),
      vendor: z.string(),
    }),
  },
  companyInfo: {
    summary: 'A company by id',
    req: z.object({ keyword: z.string().min(1).max(64) }),
    res: z.object({ id: z.string(), name: z.string(), regLocation: z.string(), vendor: z.string() }),
  },
} as const satisfies CallWires;
