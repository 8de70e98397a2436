/**
 * The call table's wire side, gathered: each module of the service declares its calls' schemas and summaries in its
 * own file of ./calls/ (calls/auth.ts for server/src/modules/auth, …); this file puts them together as `schemas`
 * (by call name, typed) and `CALL_SUMMARIES`, and re-exports the zod-free table (CALLS, ./calls.ts) beside them.
 * The service validates with these schemas; the client's api layer takes only their types (import type).
 * Payloads are described in plain form; on the wire they travel inside the cipher (cipher.ts).
 *
 * A new call: its CALLS entry (calls.ts: path, method, options), its summary and schemas in calls/<module>.ts, its
 * route in server/src/modules/<module>/routes.ts, its client function in src/core/api. The type check below fails
 * when a call of CALLS has no entry; src/core/domain/calls.test.ts when one is in two modules.
 */
import type { z } from 'zod';
import type { CallName } from './calls';
import type { CallWire } from './calls/shared';
import { systemCalls } from './calls/system';
import { authCalls } from './calls/auth';
import { applicationsCalls } from './calls/applications';
import { filesCalls } from './calls/files';
import { locationCalls } from './calls/location';
import { ocrCalls } from './calls/ocr';
import { lookupCalls } from './calls/lookup';
import { amlCalls } from './calls/aml';
import { riskCalls } from './calls/risk';
import { closingCalls } from './calls/closing';
import { depositCalls } from './calls/deposit';
import { documentsCalls } from './calls/documents';
import { faceCalls } from './calls/face';
import { accountsCalls } from './calls/accounts';
import { exchangeCalls } from './calls/exchange';
import { tradePasswordCalls } from './calls/trade-password';
import { updatesCalls } from './calls/updates';
import { marginCalls } from './calls/margin';
import { pageTicketsCalls } from './calls/page-tickets';
import { handoffCalls } from './calls/handoff';
import { hkIdentifierCalls } from './calls/hk-identifier';
import { improveInfoCalls } from './calls/improve-info';
import { invitationCalls } from './calls/invitation';
import { transferInCalls } from './calls/transfer-in';
import { orgSignCalls } from './calls/org-sign';
import { staffCalls } from './calls/staff';

// the zod-free part (paths, methods, timeouts), also used on its own by the browser client
export { API_PREFIX, API_PREFIXES, SIGN_PREFIX, STAFF_PREFIX, prefixOf, LANGS, FILE_CATEGORIES, APP_CALLS, routeUrl } from './calls';
export { CALLS, PLAIN_CALLS, isPlainCall } from './calls-all';
export { STAFF_CALLS } from './calls-staff';
export type { Lang, CallDef, CallName, AppCallName } from './calls';
// the shapes several calls share, and the views the screens and the service name
export { phoneFields, fileRef, MAX_STEP_DATA_BYTES, stepData, applicationView, accountView, userView } from './calls/shared';
export type { ApplicationView, AccountView, UserView, CallWire, CallWires } from './calls/shared';
export { transferInView, type TransferInView } from './calls/transfer-in';
export { signAuth, signStatuses, signFile, signCertificate } from './calls/org-sign';
export { staffView, queueFilter, queueRow } from './calls/staff';

/** Each module's calls, by the module of server/src/modules that registers their routes. */
export const CALL_MODULES = {
  system: systemCalls,
  auth: authCalls,
  applications: applicationsCalls,
  files: filesCalls,
  location: locationCalls,
  ocr: ocrCalls,
  lookup: lookupCalls,
  aml: amlCalls,
  risk: riskCalls,
  closing: closingCalls,
  deposit: depositCalls,
  documents: documentsCalls,
  face: faceCalls,
  accounts: accountsCalls,
  exchange: exchangeCalls,
  'trade-password': tradePasswordCalls,
  updates: updatesCalls,
  margin: marginCalls,
  'page-tickets': pageTicketsCalls,
  handoff: handoffCalls,
  'hk-identifier': hkIdentifierCalls,
  'improve-info': improveInfoCalls,
  invitation: invitationCalls,
  'transfer-in': transferInCalls,
  'org-sign': orgSignCalls,
  staff: staffCalls,
} as const;

/** Request and response schemas (and the summary), by call. */
export const schemas = {
  ...systemCalls,
  ...authCalls,
  ...applicationsCalls,
  ...filesCalls,
  ...locationCalls,
  ...ocrCalls,
  ...lookupCalls,
  ...amlCalls,
  ...riskCalls,
  ...closingCalls,
  ...depositCalls,
  ...documentsCalls,
  ...faceCalls,
  ...accountsCalls,
  ...exchangeCalls,
  ...tradePasswordCalls,
  ...updatesCalls,
  ...marginCalls,
  ...pageTicketsCalls,
  ...handoffCalls,
  ...hkIdentifierCalls,
  ...improveInfoCalls,
  ...invitationCalls,
  ...transferInCalls,
  ...orgSignCalls,
  ...staffCalls,
} as const;

/** Every call of CALLS has its entry in a module (a module names no other call: CallWires). */
type Undeclared = Exclude<CallName, keyof typeof schemas>;
const _everyCallDeclared: [Undeclared] extends [never] ? Record<CallName, CallWire> : { undeclared: Undeclared } = schemas;

/** One line a call, for the OpenAPI description (summary of each operation) and the readers of docs/api.md. */
export const CALL_SUMMARIES = Object.fromEntries(
  Object.entries(_everyCallDeclared as Record<string, CallWire>).map(([name, wire]) => [name, wire.summary]),
) as Record<CallName, string>;

export type Req<K extends keyof typeof schemas> = (typeof schemas)[K] extends { req: z.ZodType } ? z.input<(typeof schemas)[K]['req']> : void;
export type Res<K extends keyof typeof schemas> = (typeof schemas)[K] extends { res: z.ZodType } ? z.infer<(typeof schemas)[K]['res']> : unknown;
