/**
 * The calls of server/src/modules/risk: the risk disclosure tracks and their confirmation (closing steps, issue 10).
 * Each entry: the one-line summary (OpenAPI, docs/api.md), the request (`req`, or `meta` for a multipart call) and
 * the answer (`res`). The path, method and options of each call are its CALLS entry (../calls.ts).
 */
import { z } from 'zod';
import { appId, type CallWires } from './shared';

export const riskCalls = {
  riskAudioList: {
    summary: 'The risk disclosure tracks',
    /**
     * The tracks to hear before RISK: the language group follows the client type (Cantonese for hk, Mandarin
     * otherwise). audioOssId / avatarOssId are fetched with RiskMedia; durationMs is the track's length.
     */
    req: z.object({ appId }),
    res: z.object({
      items: z.array(
        z.object({
          id: z.string(),
          lang: z.string(),
          name: z.string(),
          license: z.string(),
          avatarOssId: z.string(),
          audioOssId: z.string(),
          durationMs: z.number().int(),
        }),
      ),
    }),
  },
  riskMedia: {
    summary: "A risk track's audio or avatar",
    /** plain GET; the answer is the bytes (audio/mpeg or image), with Range support */
    req: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }),
  },
  applyRiskConfirm: {
    summary: 'Confirm the risk disclosure was heard',
    /** the applicant heard the whole track: refused (100400) sooner than the track can have been heard */
    req: z.object({ appId, disclosureId: z.string().min(1).max(64) }),
    res: z.object({ disclosureId: z.string(), confirmedAt: z.string() }),
  },
} as const satisfies CallWires;
