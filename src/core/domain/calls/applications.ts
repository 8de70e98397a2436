/**
 * The calls of server/src/modules/applications: the application: which opening, start, switch, detail, step saves,
 * submission.
 * Each entry: the one-line summary (OpenAPI, docs/api.md), the request (`req`, or `meta` for a multipart call) and
 * the answer (`res`). The path, method and options of each call are its CALLS entry (../calls.ts).
 */
import { z } from 'zod';
import { stepName, appId, stepData, applicationView, type CallWires } from './shared';

export const applicationsCalls = {
  areaType: {
    summary: 'Which opening the user may start (by location and settings)',
    res: z.object({ openingLimitType: z.number(), statementLimitType: z.number(), statementSkipType: z.string() }),
  },
  applyCheck: { summary: 'Whether the user has an application and which', res: z.object({ ok: z.literal(true) }) },
  statusStream: {
    summary: "Server-sent events while a status page is open: `ready` once the line is open, `status` (data: the event id) whenever the user's application changed, `none` when the user has no application; a comment every 25 s keeps the line open",
    /** no parameters: the session's application (a reconnecting browser sends the header Last-Event-ID) */
    req: z.object({}),
  },
  applyStart: {
    summary: 'Start an application',
    req: z.object({
      oaType: z.union([z.literal(1), z.literal(2)]),
      esop: z.boolean().optional().default(false),
      withStatement: z.enum(['first', 'last']).optional(),
      aecode: z.string().max(32).optional(),
      channel: z.string().max(32).optional(),
    }),
    res: z.object({ appId: z.string(), nextStep: stepName, application: applicationView }),
  },
  applySwitch: {
    summary: 'Switch an unsubmitted application to the other applicant kind',
    req: z.object({
      appId,
      data: z.object({ oaType: z.union([z.literal(1), z.literal(2)]) }),
      withStatement: z.enum(['first', 'last']).optional(),
    }),
    res: z.object({ appId: z.string(), nextStep: stepName, application: applicationView }),
  },
  applyDetail: {
    summary: 'The application with its saved steps and drafts',
    req: z.object({ appId: appId.optional() }),
    /** null when the user has no application yet */
    res: applicationView.nullable(),
  },
  applyUpdate: {
    summary: 'Save a step (checked) or its draft',
    req: z.object({
      appId,
      stepVersion: z.string().max(8),
      currentStep: stepName,
      /** true for the halfway save: stored as a draft, checked for shape and lengths only */
      draft: z.boolean().optional().default(false),
      data: stepData,
    }),
    res: z.object({ application: applicationView, nextStep: stepName.nullable() }),
  },
  applyStatementStep: {
    summary: 'Put the statement step first or last (restricted mainland applicants)',
    /** strict handling adds STATEMENT: first, or last when the statement may be submitted later */
    req: z.object({ appId, position: z.enum(['first', 'last']) }),
    res: z.object({ application: applicationView }),
  },
  applySubmit: {
    summary: 'Submit the application (or resubmit after a rejection)',
    req: z.object({ appId, aeCode: z.string().max(32).optional(), channel: z.string().max(32).optional() }),
    res: z.object({ application: applicationView }),
  },
  applyChannel: {
    summary: "The application's agent code and channel",
    res: z.object({ aeCode: z.string().nullable(), channel: z.string().nullable() }),
  },
} as const satisfies CallWires;
