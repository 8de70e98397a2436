/**
 * The calls of server/src/modules/invitation: the Invitation feature: who invited the applicant.
 * Each entry: the one-line summary (OpenAPI, docs/api.md), the request (`req`, or `meta` for a multipart call) and
 * the answer (`res`). The path, method and options of each call are its CALLS entry (../calls.ts).
 */
import { z } from 'zod';
import { INVITATION_STAGES } from '../channel';
import type { CallWires } from './shared';

export const invitationCalls = {
  featureCheck: {
    summary: 'Whether a feature (Invitation) is allowed for the user',
    /** one feature name (Invitation) */
    req: z.object({ features: z.string().min(1).max(64) }),
    res: z.object({ allow: z.boolean() }),
  },
  invitationUpdate: {
    summary: 'Record the invite code the applicant took (Invitation feature allowed)',
    /** the invite code the applicant took (an agent code) and when (stage) */
    req: z.object({ stage: z.enum(INVITATION_STAGES), code: z.string().max(16) }),
    res: z.object({ code: z.string(), stage: z.string() }),
  },
} as const satisfies CallWires;
