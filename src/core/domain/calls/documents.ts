/**
 * The calls of server/src/modules/documents: the generated documents of an application (PDF).
 * Each entry: the one-line summary (OpenAPI, docs/api.md), the request (`req`, or `meta` for a multipart call) and
 * the answer (`res`). The path, method and options of each call are its CALLS entry (../calls.ts).
 */
import { z } from 'zod';
import { appId, type CallWires } from './shared';

export const documentsCalls = {
  applyDocument: {
    summary: 'A generated document of the application (PDF)',
    /** generates (or reuses, while the application is unchanged) the document as the caller's PDF file */
    req: z.object({ appId, document: z.enum(['accountOpeningForm', 'w8ben', 'selfCertificationForm']) }),
    res: z.object({ ossId: z.string(), ossUrl: z.string() }),
  },
  applyCertificate: {
    summary: "The applicant's certificate of completion: what was signed, when, where and on what (a signed PDF)",
    /** after submit only (151304 before, or while sent back for correction); made once per submission and language (x-esop-lang) */
    req: z.object({ appId }),
    /** the PDF as the caller's file (its signed download URL) and its SHA-256 (hex) */
    res: z.object({ ossId: z.string(), ossUrl: z.string(), sha256: z.string(), fileName: z.string() }),
  },
} as const satisfies CallWires;
