/**
 * The calls of server/src/modules/location: the caller's city and position.
 * Each entry: the one-line summary (OpenAPI, docs/api.md), the request (`req`, or `meta` for a multipart call) and
 * the answer (`res`). The path, method and options of each call are its CALLS entry (../calls.ts).
 */
import { z } from 'zod';
import type { CallWires } from './shared';

export const locationCalls = {
  ipLocation: { summary: "The caller's city from the network address", res: z.object({ country: z.string(), region: z.string() }) },
  positionToCity: {
    summary: 'The city of a position the phone reported',
    req: z.object({ location: z.string().regex(/^-?\d{1,3}(\.\d+)?,-?\d{1,3}(\.\d+)?$/) }),
    res: z.object({ city_code: z.string() }),
  },
  positionInfo: {
    summary: "Record the position the app reported",
    req: z.object({ location: z.string().max(64) }), res: z.object({ ok: z.literal(true) }),
  },
} as const satisfies CallWires;
