/**
 * HTTP adapter for a hosted face-check (and police-check) service:
 *   POST {FACE_HTTP_URL}/check  JSON {video: base64, idPhoto: base64, name, idNumber}
 *   → {passed: true, frame: base64 JPEG, scores?: {...}} or {passed: false, reason: string, frame?: base64, scores?}
 * with `authorization: Bearer <FACE_HTTP_KEY>` when a key is set. `reason` is one of the domain's FACE_REASONS (the
 * police-check ones included) or the vendor's own sentence, which the screen shows as it is. Not 2xx or not of this
 * shape: an error (the caller answers 100500).
 */
import { z } from 'zod';
import type { FaceCheckResult, FaceVendor } from './types';

export interface HttpFaceSettings {
  url: string;
  key?: string;
  timeoutMs?: number;
}

const answer = z.union([
  z.object({ passed: z.literal(true), frame: z.string().min(1), scores: z.record(z.string(), z.unknown()).optional() }),
  z.object({ passed: z.literal(false), reason: z.string().min(1).max(200), frame: z.string().optional(), scores: z.record(z.string(), z.unknown()).optional() }),
]);

export function createHttpFace(settings: HttpFaceSettings, fetchImpl: typeof fetch = fetch): FaceVendor {
  if (!settings.url) throw new Error('FACE_HTTP_URL is required when FACE_VENDOR=http');
  const url = new URL('check', settings.url.endsWith('/') ? settings.url : `${settings.url}/`);
  return {
    name: 'http',
    async check(input): Promise<FaceCheckResult> {
      const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
      if (settings.key) headers.authorization = `Bearer ${settings.key}`;
      const res = await fetchImpl(url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ video: input.video.toString('base64'), idPhoto: input.idPhoto.toString('base64'), name: input.name, idNumber: input.idNumber }),
        signal: AbortSignal.timeout(settings.timeoutMs ?? 45_000),
      });
      if (!res.ok) throw new Error(`face vendor answered HTTP ${res.status}`);
      const a = answer.parse(await res.json());
      const frame = a.frame ? Buffer.from(a.frame, 'base64') : null;
      return a.passed ? { passed: true, frame: frame!, scores: a.scores ?? {} } : { passed: false, reason: a.reason, frame, scores: a.scores ?? {} };
    },
    async close() {},
  };
}
