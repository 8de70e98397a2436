/** Response schema helpers: every success is {result: ...}. Use `response: { 200: resultOf(schemas.x.res) }` and return `{ result }`. */
import { z } from 'zod';

export const resultOf = <T extends z.ZodType>(schema: T) => z.object({ result: schema });
export const okSchema = z.object({ ok: z.literal(true) });
export const OK = { ok: true as const };
