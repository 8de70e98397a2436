/**
 * What the call modules of this folder share: the wire shape of a call's entry, the ids every module checks, a file
 * reference, and the views several calls answer with (the application, the user and their accounts).
 */
import { z } from 'zod';
import { AREA_CODES } from '../auth';
import { FILE_CATEGORIES, type CallName } from '../calls';
import { STEP_NAMES } from '../steps';
import { DECISION_REASONS } from '../decision-reasons';

/** A call's wire side: its summary, and the schemas of what goes in (`req`; `meta` for a multipart call's envelope) and out (`res`). */
export interface CallWire {
  /** one line, for the OpenAPI summary and the readers of docs/api.md */
  summary: string;
  req?: z.ZodType;
  meta?: z.ZodType;
  res?: z.ZodType;
}
/** A module's calls: only names of CALLS (a misspelt or unknown name fails the type check). */
export type CallWires = { readonly [K in CallName]?: CallWire };

export const stepName = z.enum(STEP_NAMES as [string, ...string[]]);
export const appId = z.string().regex(/^[A-Za-z0-9_-]{6,64}$/);
/** a sub-account id (`ops approve` gives S + 8 digits; accounts brought over may have other letters and digits) */
export const subAcctId = z.string().regex(/^[A-Za-z0-9]{4,32}$/);
export const ossId = z.string().regex(/^[A-Za-z0-9_-]{6,64}$/);

/** Phone fields as the service validates them (moved from auth.ts so that auth.ts stays zod-free). */
export const phoneFields = {
  areaCode: z.enum(AREA_CODES),
  value: z.string().min(4).max(20),
};

/** A file reference inside step data. */
export const fileRef = z.object({
  ossId,
  url: z.string().max(2048).optional(),
  description: z.string().max(200).optional(),
  ossCategory: z.enum(FILE_CATEGORIES).optional(),
});

/** Step data is a JSON object; the halfway save bounds its size and depth, the step schemas check the rest. */
export const MAX_STEP_DATA_BYTES = 64 * 1024;
export const stepData = z.record(z.string().max(64), z.unknown());

export const applicationView = z.object({
  appId: z.string(),
  oaType: z.number(),
  clientType: z.enum(['cn', 'hk']),
  clientStatus: z.number(),
  applyStatus: z.number(),
  hlId: z.string().nullable(),
  name: z.string().nullable(),
  applyStepsName: z.array(stepName),
  currentStep: stepName.nullable(),
  latestStep: stepName.nullable(),
  stepVersion: z.string(),
  data: z.record(z.string(), z.unknown()),
  /** staff's rejection: the steps to fix, their message, and the steps saved since (fixed; issue 25) */
  rejectData: z
    .object({
      steps: z.array(z.string()),
      message: z.string(),
      fixed: z.array(z.string()).optional(),
      /** the reviewer's reason from the desk's list (staff.ts DECISION_REASONS), shown in the applicant's language */
      reason: z.enum(DECISION_REASONS).optional(),
    })
    .nullable(),
  cashInStatus: z.number().nullable(),
  cashInData: z.object({ steps: z.array(z.string()), message: z.string() }).nullable(),
  stockStatus: z.number().nullable(),
  aecode: z.string().nullable(),
  channel: z.string().nullable(),
  protocolStatus: z.number(),
  fromPage: z.string().nullable(),
  esop: z.boolean(),
  clientInfo: z.object({ accts: z.array(z.object({ subAcctId: z.string() })) }),
  updatedAt: z.string(),
  /** when the applicant last resubmitted a corrected application (the status page acknowledges it), else null */
  resubmittedAt: z.string().nullable(),
});
export type ApplicationView = z.infer<typeof applicationView>;

/** An opened account of the user (UserInfo's clientInfo.accts; src/core/domain/account.ts has its rules). */
export const accountView = z.object({
  subAcctId: z.string(),
  /** 1 cash, 2 margin */
  acctType: z.number(),
  /** 1 individual, 2 corporate */
  cltType: z.number(),
  nickName: z.string().nullable(),
  /** the client id */
  hlId: z.string(),
  /** MARKET bits the account trades */
  markets: z.number(),
  /** NGW: brought over from the broker's previous system */
  source: z.string().nullable(),
  /** the broker asks the client to complete information (the improve-info page) */
  improveInfoOpen: z.boolean(),
  extra: z.object({ needSignHKIdentifier: z.number() }),
});
export type AccountView = z.infer<typeof accountView>;

export const userView = z.object({
  userId: z.string(),
  phoneMasked: z.string(),
  areaCode: z.string(),
  subAcctId: z.string().nullable(),
  clientStatus: z.number(),
  hasApplication: z.boolean(),
  /** the opened accounts (empty before opening) */
  clientInfo: z.object({ accts: z.array(accountView) }),
});
export type UserView = z.infer<typeof userView>;
