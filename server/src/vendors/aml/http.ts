/**
 * HTTP adapter for a hosted screening service (or a gateway in front of a commercial one):
 * POST {AML_HTTP_URL}/screen with JSON {chineseName, lastName, firstName, birthDate} (birthDate YYYY-MM-DD,
 * chineseName '' when the applicant has none) and `Authorization: Bearer {AML_HTTP_KEY}` when a key is set.
 * Answer (HTTP 200): {matches: [{id, name, source?, matchedName?, applicantName?, how?, distance?, birthDate?}],
 * reference?, vendor?}; a hit is an answer with at least one match. `vendor` (the upstream's name) is stored with
 * the check when given, else 'http'; `reference` is stored as the vendor's reference. Any other answer, or none
 * within AML_HTTP_TIMEOUT_MS, is an error (the call answers 100500 and no check is stored).
 */
import { z } from 'zod';
import { MATCH_KINDS, type AmlSettings, type AmlVendor } from './types';

const match = z.object({
  id: z.coerce.string().min(1).max(64),
  name: z.string().min(1).max(200),
  source: z.string().min(1).max(32).optional(),
  matchedName: z.string().min(1).max(200).optional(),
  applicantName: z.enum(['chineseName', 'latinName']).optional(),
  how: z.enum(MATCH_KINDS).optional(),
  distance: z.number().int().min(0).max(100).optional(),
  birthDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable().optional(),
});
const answer = z.object({
  matches: z.array(match).max(200),
  reference: z.string().min(1).max(128).optional(),
  vendor: z.string().min(1).max(32).optional(),
});

export function createHttpAmlVendor(settings: AmlSettings, fetchImpl: typeof fetch = fetch): AmlVendor {
  const base = settings.AML_HTTP_URL;
  if (!base) throw new Error('AML_HTTP_URL is required when AML_VENDOR=http');
  const timeout = settings.AML_HTTP_TIMEOUT_MS ?? 10_000;
  const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json' };
  if (settings.AML_HTTP_KEY) headers.authorization = `Bearer ${settings.AML_HTTP_KEY}`;
  const url = new URL('screen', base.endsWith('/') ? base : `${base}/`);
  return {
    name: 'http',
    async screen(subject) {
      const res = await fetchImpl(url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ chineseName: subject.chineseName, lastName: subject.lastName, firstName: subject.firstName, birthDate: subject.birthday }),
        signal: AbortSignal.timeout(timeout),
      });
      if (!res.ok) throw new Error(`AML screening service answered HTTP ${res.status}`);
      const body = answer.parse(await res.json());
      return {
        matches: body.matches.map((m) => ({
          source: m.source ?? body.vendor ?? 'http',
          id: m.id,
          listedName: m.name,
          matchedName: m.matchedName ?? m.name,
          applicantName: m.applicantName ?? null,
          how: m.how ?? 'vendor',
          distance: m.distance ?? 0,
          birthDate: m.birthDate ?? null,
        })),
        reference: body.reference,
        vendor: body.vendor,
      };
    },
  };
}
