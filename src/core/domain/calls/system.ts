/**
 * The calls of server/src/modules/system: the service itself: health, the pages' settings and the cipher handshake.
 * Each entry: the one-line summary (OpenAPI, docs/api.md), the request (`req`, or `meta` for a multipart call) and
 * the answer (`res`). The path, method and options of each call are its CALLS entry (../calls.ts).
 */
import { z } from 'zod';
import { EVIDENCE_RULES } from '../derivative-evidence';
import type { CallWires } from './shared';

export const systemCalls = {
  /** the service and its database answer (HTTP 503 with 100500 when the database does not) */
  health: {
    summary: 'Service and database health',
    res: z.object({ status: z.literal('ok'), version: z.string(), db: z.enum(['pglite', 'postgres']), time: z.string() }),
  },
  clientConfig: {
    summary: 'Settings the pages need (links, service phones, production flag, derivative form)',
    /** deployment settings the screens need: where login-expired users go, the app download page, service phones */
    res: z.object({
      memberPageUrl: z.string(),
      appDownloadUrl: z.string(),
      servicePhones: z.object({ mainland: z.string(), hongKong: z.string() }),
      production: z.boolean(),
      /** the derivatives questionnaire of the investment page (DERIVATIVE_FORM) */
      derivativeForm: z.enum(['full', 'simple']),
      /** DERIVATIVE_EVIDENCE: evidence files under the questionnaire's ticked boxes: off, optional or required (issue 41) */
      derivativeEvidence: z.enum(EVIDENCE_RULES),
      /** RISK_AUTH_CHANNELS: agent or channel codes whose applicants also tick the customer authorisation agreement on /risk */
      riskAuthChannels: z.array(z.string()),
      /** DEPOSIT_PAGE_URL and TRANSFER_IN_URL: where the deposit bridge's buttons go */
      depositPageUrl: z.string(),
      transferInUrl: z.string(),
      /** COMMUNITY_QR_URL: the community QR code of the account home */
      communityQrUrl: z.string(),
    }),
  },
  cipherKey: {
    summary: "The service's RSA public key for the cipher handshake",
    res: z.object({ kid: z.string(), alg: z.literal('RSA-OAEP-256'), spki: z.string() }),
  },
  cipherSession: {
    summary: 'Open a cipher session with an AES key wrapped in the public key',
    req: z.object({ kid: z.string().max(64), wrappedKey: z.string().min(16).max(2048) }),
    res: z.object({ sid: z.string(), expiresAt: z.string() }),
  },
} as const satisfies CallWires;
