/**
 * The calls of server/src/modules/aml: the AML watch-list screening.
 * Each entry: the one-line summary (OpenAPI, docs/api.md), the request (`req`, or `meta` for a multipart call) and
 * the answer (`res`). The path, method and options of each call are its CALLS entry (../calls.ts).
 */
import { z } from 'zod';
import { appId, type CallWires } from './shared';

export const amlCalls = {
  applyAmlCheck: {
    summary: 'Screen the applicant against the AML watch lists',
    /**
     * Screens the applicant of the caller's active application (names and birth date of the saved identity steps)
     * against the watch list. hitStatus 1: a hit (the disclosure page then asks for the three AML confirmations);
     * amlInfoId names the stored check and goes into the IDENTITYEXPOSURE step data.
     * Errors: 100400 when the identity steps are not saved yet; 151301 when appId is not the caller's active application.
     */
    req: z.object({ appId }),
    res: z.object({ hitStatus: z.union([z.literal(0), z.literal(1)]), amlInfoId: z.string() }),
  },
} as const satisfies CallWires;
