/**
 * The generated parts of docs/api.md, made from the call table (CALLS in src/core/domain/calls.ts), the payload
 * schemas (`schemas`, gathered by contract.ts from calls/<module>.ts) and RATE_LIMITS: the call table, the rate-limit table and the lists of plain
 * and public calls. Each part sits between `<!-- api-doc:NAME -->` and `<!-- /api-doc:NAME -->` in docs/api.md;
 * `npm run docs:api` rewrites them (scripts/make-api-doc.ts) and a test fails when the committed file differs.
 * The prose around them is written by hand.
 */
import type { z } from 'zod';
import { CALLS, SIGN_PREFIX, applicationView, fileRef, routeUrl, schemas, userView, type CallDef, type CallName } from '../src/core/domain/contract';
import { commands } from '../server/src/ops/commands';
import { cspText } from '../server/src/plugins/csp';
import { LIMITS_IN_HANDLERS, RATE_LIMITS, type RateLimit, type RateLimitedCall } from '../src/core/domain/limits';

/**
 * What a call's row says besides what CALLS and the schemas give: the notable error codes, and what a key means
 * where its name does not say it. Documentation only (kept out of CALLS, which ships to the browser).
 */
export const NOTES: Partial<Record<CallName, string>> = {
  health: '503 `100500` when the database does not answer',
  cipherSession: '`100602` unknown `kid` or a key that does not unwrap; `100429`',
  clientConfig: '`derivativeForm` follows DERIVATIVE_FORM, `derivativeEvidence` DERIVATIVE_EVIDENCE (`off` \\| `optional` \\| `required`); `servicePhones: {mainland, hongKong}`',
  sendCode: '`100400` (`value` against the area code\'s rule), `110112` cooldown, `100429`, `110113` SMS vendor (section 6)',
  login: '`110114` wrong, expired or used code (section 6)',
  tokenLogin: '`111504` (section 6), `100429`',
  reloginSendCode: "a code to the phone of the caller's own session (no phone in the request: the login screen shows `phoneMasked`); the cooldown and limits of SendCode",
  relogin: "logs in again as the session's own user with ReloginSendCode's code (`110114` as Login): a new session whose login time is now, the old one ended (TradePasswordSet's recent-login rule)",
  logout: 'public by design: ends the session the cookie names, if any (an expired one too), clears both cookies and always succeeds',
  userInfo: 'login codes (section 5); `clientInfo.accts` lists the opened accounts: `{subAcctId, acctType: 1 cash \\| 2 margin, cltType, nickName, hlId, markets (MARKET bits), source ("NGW" or null), improveInfoOpen, extra: {needSignHKIdentifier: 1 to sign \\| 2 signed}}`',
  hlInfoBySubId: 'the caller\'s own account only: another client\'s or an unknown sub-account is `100403` alike',
  autoExchangeQuery: '`status` 1 on, 0 off; `100403` (not the caller\'s), `152001` not a cash account',
  tradePasswordStatus: '`100403` (not the caller\'s account); `verifiedUntil`: this session may edit the account\'s information until then; `loginNeeded`: no password set yet and this session\'s login is older than 10 minutes (TradePasswordSet would answer `152009`: log in again first)',
  tradePasswordSet: 'only while none is set (`152002` after) and by a session logged in within 10 minutes (`152009`); 6 digits, not repeated or a straight run (`100400` rule `tradePassword` / `tradePasswordWeak`); kept as a scrypt hash; verifies this session',
  tradePasswordVerify: 'either `password` or (in the app) `ticket` (docs/decisions.md: HMAC of APP_TOKEN_SECRET, ≤ 5 minutes, for that sub-account; any other ticket `100403`); `152003` wrong (`data.triesLeft`), `152004` locked for 30 minutes after 5 wrong tries (`data.retryAfterSeconds`; the password is not checked while locked), `152005` none set; `100429`',
  clientApplys: '`current` (what the account holds), `update` (in progress or the latest), `notice` (the broker\'s request); `100403` not the caller\'s account',
  clientApply: 'needs TradePasswordVerify in this session (`152005`); `152006` an update is in progress (`data.updateId`), `152007` no change, `100400` the module\'s rules (data.*), `100403` a proof file not the caller\'s or another client id',
  clientUpdate: 'as ClientApply; action 2 discards (status 5000); `152008` the update is submitted or decided; `100403` another account\'s update',
  clientSubmit: 'status 1200; `152007` nothing saved (after a rejection: nothing saved again); `152008`; `152005`',
  handoffCreate:
    "not in the spec (issue 41): the computer's QR code (`#/handoff?h=<token>` on the page it is on) and short code (6 of `ABCDEFGHJKMNPQRSTUVWXYZ23456789`) for this session's user; `route` one of the home screen, a step or a status page; lives `HANDOFF_TTL_S` (300 s), works once, only while this session lives; a session has one at a time (a new one ends the one before); only hashes are kept; `100429`",
  handoffStatus:
    "the session's own hand-off: `state` waiting \\| opened \\| expired \\| cancelled, `expiresInSeconds` while waiting, `openedAt` (ISO), `progress: {steps, latestStep, submitted}` of the user's application (null before one); read every 2 s while the computer waits and while it follows the phone, up to 30 minutes after the phone opened it (domain handoffPollMs); another session's: `100403`",
  handoffCancel: "the computer closed its card or left the step: the token and the code no longer work; another session's: `100403`",
  handoffPeek:
    "the phone, before it logs in: exactly one of `token` or `code` → the owner's area code and masked phone, shown for the applicant to confirm (a code handed over by someone else must not log the phone into their application unnoticed); uses nothing up; the same `152501` refusals as HandoffRedeem; counted with it (`handoffRedeem`)",
  handoffRedeem:
    "the phone: exactly one of `token` (the link's) or `code` (as typed: any case, spaces or dashes between the groups) → a new session of the computer's user (cookies as `Login`, the phone's earlier session ended) and the route to open; `152501` with `data.reason` invalid (unknown or malformed) \\| expired (time over, ended by the computer, or the computer's session ended) \\| used (replayed); `100400` both or neither; `100429` (40 calls / 10 min an address with HandoffPeek: 20 codes); a database failure after the claim gives the code back",
  pageTicketLogin: "the app's page ticket (docs/decisions.md: HMAC of APP_TOKEN_SECRET with its own prefix, ≤ 5 minutes, one page, one sub-account) logs the account's owner in, once per ticket (the caller's own session kept); `152201` with `data.reason` invalid \\| expired \\| used; `100429`",
  hkIdentifierInfo: '`identification`: the opening application\'s name and identity document (type HKID \\| NATIONAL_ID \\| PASSPORT, the number masked, the issuing country), null for an account without one; `consent` once signed (its BCAN); `100403` not the caller\'s account',
  hkIdentifierSign: '`agreed: true` and the `version` the page showed (`152203` otherwise, `data.version` the current one), the text recorded by its SHA-256 in `lang`; one per client: `152202` when signed; every account of the client marked 2; `100403`, `100429`',
  improveInfoDetail: '`request` (the open one, its `items`: employment, funds, taxResidency, idDocument) or null; `context` and `prefill` from the opening application; `100403` not the caller\'s account',
  improveInfoSubmit: 'an answer per item (src/core/domain/improve-info.ts; `100400` with `answers.<item>.<field>` issues), the files the caller\'s (`100403`), the request the account\'s (`100403`) and open (`152205`); closes it; `100429`',
  autoExchangeChange: 'the ids as HlInfoBySubId gave them (any other `100403`); `action` 1 on, 2 off; the answer\'s `status` is the state after it; the same action again changes nothing; `152001` not a cash account, `100429`',
  transferInList: '`items`: the application\'s requests, newest first: `{requestId, status: 1 requested \\| 3 confirming \\| 5 done \\| 2 failed \\| 4 refused, broker, brokerName, ccassId, brokerAccount, subAcctId, stocks: [{market, code, quantity}], message, createdAt, updatedAt, history: [{status, at, message}]}`; `151301`',
  transferInApply: '`subAcctId` the caller\'s opened account (any other `100403`); `152101` the asset-transfer agreement not signed, `152102` not available (`data.reason` notOpened \\| closed \\| notOffered), `100400` the rules (issues `broker`, `brokerName`, `ccassId`, `brokerAccount`, `stocks`, `stocks.<i>.code` …), `152103` 5 requests in progress (`data.max`), `100429`; the answer\'s `application.stockStatus` is 1',
  applyCheck: '`151000`, `151100` (`data.url`)',
  applyStart: '`151205`, `151303` (HTTP 409, `data: {appId, oaType}`)',
  applySwitch: '`151205`, `151300`, `151301`',
  applyDetail: '`null` without an application; `151301`. The answer: `{appId, oaType, clientType: "cn" or "hk", clientStatus, applyStatus, hlId, name, applyStepsName: [STEP…] (the steps in order), currentStep, latestStep, stepVersion, data: {<STEP>: saved step data…, drafts?: {<STEP>: halfway data}}, rejectData: {steps, message, fixed: [STEP…] (the rejected steps saved since the rejection)} or null, cashInStatus, cashInData, stockStatus, aecode, channel, protocolStatus, fromPage, esop, clientInfo: {accts: [{subAcctId}]}, updatedAt}`',
  applyUpdate: '`100400` (step rules, below), `151300`, `151301`, `151302`, `100403`',
  applyStatementStep: 'strict handling adds STATEMENT first, or last when it may come later; `151300`, `151301`',
  applySubmit: '`150211` (statement missing, below), `151300`, `151301`',
  ipLocation: '`100429`',
  positionToCity: '`location`: `"lat,lng"`; `100429`',
  upload: 'multipart (section 3.2): category `UserApply` \\| `UserInfo`; sealed meta `{filename, subAccountId?, fileIv}` + sealed part `file`; an image is stored re-encoded (section 9); `1008`, `1009` (also an image or PDF that does not decode), `1012` a PDF with JavaScript, attached files or hiding encryption (`data.reason`), `100400`, `100429` (plain: refused before the body is read)',
  signedUrl: '`100403`',
  download: 'a signed URL: plain query string (section 9); answers the file\'s bytes; every refusal `100403`',
  idcardOcr: 'an own png/jpeg; `side`: `front` \\| `back`, the other side\'s fields `\'\'`; `cropIdCard: {ossId, ossUrl}`; `100403`, `151201` validity, `151202` unreadable / no card / PDF, `151203` photocopy, `151204` glare, `100429`',
  bankcardOcr: '`acctNumber` digits only; `100403`, `150302` no number, `100429`',
  hkIdcardOcr:
    "not in the spec (issue 41): an own png/jpeg of a Hong Kong identity card's front; `idNumber` without brackets, its check digit verified; `lastName`/`firstName` the English name in capitals; a name, date or sex that fails the USERINFO rules is `''` / `0`; `cropIdCard: {ossId, ossUrl}`; `100403`, `151202` no card / not an HKID front / no valid number / PDF, `151203` photocopy, `151204` glare, `100429`",
  passportOcr:
    "not in the spec (issue 41): an own png/jpeg of a passport's data page (or the open booklet); the machine-readable zone (ICAO 9303 TD3) parsed with every check digit verified; `issuingCountry`/`nationality` ISO 3166-1 alpha-2 (`''` for UNO, XXA...); a name or date that fails the USERINFO rules is `''`; `cropIdCard: {ossId, ossUrl}`; `100403`, `151202` no zone / a check digit fails / PDF, `151201` expired, `151203` photocopy, `151204` glare, `100429`",
  kycKeyValue: '`type` 2 = first 6 digits of a mainland ID → birthplace, 3 = Chinese name → pinyin, 4 = URI-encoded address (≤ 500 characters) → English; `100400`, `100429`',
  mainlandCity: '31 mainland provinces, Chinese names',
  companySearch: '`word` 2-100, `pageSize` ≤ 50; `100400`, `100429`, `100500` vendor failure',
  companyInfo: '`100404`',
  applyAmlCheck: '`100400` identity steps not saved, `151300`, `151301`, `100429`, `100500` vendor failure (below)',
  signApplyAuth: '`152301` verification failed (unknown or revoked ticket, wrong ID number: one answer), `152302` link expired, `152303` locked after 5 wrong ID numbers, `100429`; every answer takes at least 400 ms',
  signTicketInfo: 'the organisation\'s names only (no signer data); `152301` unknown or revoked ticket, `152302` link expired, `152303` locked, `100429`',
  signApplyDetail: '`token` and `idNumber` in every signing call; `100008` no token, `100031` unknown/ended session, wrong idNumber, or ticket revoked/expired/locked, `100033` idle, `100034` absolute end',
  signApplyUpdate: 'doc step: `152304` not the current step, `100403` a file of another ticket or not an upload',
  signIdCardOcr: 'an idPhoto of this ticket (`100403` another ticket\'s or not an idPhoto); the front of a mainland ID card, `151202` unreadable, `151203` photocopy, `151204` glare; `100400` the signer\'s document is not a mainland card (not read); `100429`',
  signCorpApplyAuth: 'verify step: `152304` not the current step; `152309` no accepted ID photo (a mainland card read as the signer\'s, else `idPhotoFileId`); `100403` idPhotoFileId another ticket\'s or not an idPhoto',
  signCorpApplyCACert: 'after CorpApplyAuth (`152305` otherwise; `152309` without an accepted ID photo); `152304`; `152306` the authority failed (caStatus 4, try again)',
  signCorpApplyUpdate: 'sign step: `152304`; `100400` signature not a PNG; signs organizationChart and openingForm (adbe.pkcs7.detached)',
  signFileUpload: 'multipart as Upload; meta `{token, idNumber, fileName, fileIv, purpose?}`; PDF/PNG/JPEG ≤ 10 MB (`1009`, `1008`), kept as Upload keeps them (`1012`); `152307` 20 documents per ticket; `purpose: idPhoto`: PNG/JPEG only, `152310` 10 an hour',
  applyCertificate: '`151304` before submit or while sent back for correction; `151301` another user\'s application; one file per submission and language (§17)',
  signFileDownload: '`100403` a file of another ticket (or none)',
  signCertificate: '`152311` before the documents are signed; made once per language (`x-esop-lang`), then the same file (kind `certificate`, read with FileDownload); a signed PDF (§17)',
  staffSignIn: '`152401` wrong login, password or code (data.triesLeft; an unknown login alike); `152402` locked (data.retryAfterSeconds) after 5 wrong tries; a code is taken once',
  staffQueue: 'query `status` (comma-separated), `clientType`, `accountType` 1|2, `minAgeHours`, `amlHit`, `faceBelow` (0-100), `mine`, `page`, `pageSize` (≤ 100)',
  staffClaim: '`152404` another staff member holds it (data.by), unless their claim is older than 4 h; `100404` no such application',
  staffRelease: "`152404` another's claim (an admin may release anyone's)",
};

const AUTH_TEXT: Record<CallDef['auth'], string> = {
  user: 'login',
  public: 'public',
  signed: 'signed URL + owner',
  sign: 'signer session (token + idNumber)',
  staff: 'staff session (its cookie) + role',
};

/* ── schema → short text (top-level keys) ── */

type Def = { type: string; shape?: Record<string, z.ZodType>; innerType?: z.ZodType; element?: z.ZodType; options?: z.ZodType[]; valueType?: z.ZodType; in?: z.ZodType; values?: unknown[]; entries?: Record<string, unknown> };
const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Peels optional, nullable-free wrappers that do not change what the value looks like. */
function unwrap(s: z.ZodType): z.ZodType {
  const d = defOf(s);
  if (d.type === 'optional' || d.type === 'default' || d.type === 'prefault' || d.type === 'readonly' || d.type === 'catch') return unwrap(d.innerType!);
  if (d.type === 'pipe') return unwrap(d.in!);
  return s;
}

/** Shared schemas shown by their name (src/core/domain/calls/shared.ts) rather than by their keys. */
const NAMED = new Map<z.ZodType, string>([
  [applicationView, 'applicationView'],
  [userView, 'userView'],
  [fileRef, 'FileRef'],
]);

const MAX_CHOICES = 3;

/** `: value` for a literal, `: a|b` for a short enum or union of literals; '' otherwise. */
function choices(s: z.ZodType): string {
  const d = defOf(unwrap(s));
  let values: unknown[] | undefined;
  if (d.type === 'literal') values = d.values;
  else if (d.type === 'enum') values = Object.values(d.entries ?? {});
  else if (d.type === 'union' && d.options!.every((o) => defOf(unwrap(o)).type === 'literal')) values = d.options!.flatMap((o) => defOf(unwrap(o)).values ?? []);
  if (!values || values.length > MAX_CHOICES) return '';
  return `: ${values.map((v) => (typeof v === 'string' ? `"${v}"` : String(v))).join('\\|')}`;
}

const optional = (s: z.ZodType) => s.safeParse(undefined).success;

/** A schema as its top-level shape: `{a, b?, c: 1\|2}`, `[{…}]`, `… \| null`, `{[key]: …}`. */
export function shapeText(s: z.ZodType | undefined): string {
  if (!s) return '–';
  const named = NAMED.get(unwrap(s));
  if (named) return named;
  const d = defOf(unwrap(s));
  switch (d.type) {
    case 'object': {
      const keys = Object.entries(d.shape ?? {}).map(([k, v]) => `${k}${optional(v) ? '?' : ''}${choices(v)}`);
      return keys.length ? `{${keys.join(', ')}}` : '`{}`';
    }
    case 'array':
      return `[${shapeText(d.element)}]`;
    case 'nullable':
      return `${shapeText(d.innerType)} \\| null`;
    case 'record':
      return `{[key]: ${shapeText(d.valueType)}}`;
    case 'union':
      return d.options!.map((o) => shapeText(o)).join(' \\| ');
    default:
      return d.type + choices(s);
  }
}

/* ── the parts ── */

const NAMES = Object.keys(CALLS) as CallName[];
/** the path under the KYC prefix; a call under another prefix (the signing service's) keeps its whole path */
const rel = (def: CallDef) => (def.path.startsWith('/kyc/esop/v1/') ? routeUrl(def).slice('/kyc/esop/v1/'.length) : routeUrl(def)).replace(/:([A-Za-z]+)/g, '{$1}');
const seconds = (ms: number) => `${ms / 1000} s`;

function reqOf(name: CallName): z.ZodType | undefined {
  const s = (schemas as Record<string, { req?: z.ZodType; meta?: z.ZodType }>)[name];
  return s?.req ?? s?.meta;
}
function resOf(name: CallName): z.ZodType | undefined {
  return (schemas as Record<string, { res?: z.ZodType }>)[name]?.res;
}

/** The call table of section 8: one row per CALLS entry, grouped by tag in the table's order. */
export function callTable(): string {
  const rows = NAMES.map((name) => {
    const def: CallDef = CALLS[name];
    const answer = resOf(name) ? shapeText(resOf(name)) : def.cipher ? '–' : 'bytes';
    return `| ${name} | ${def.method} \`${rel(def)}\` | ${AUTH_TEXT[def.auth]} | ${def.cipher ? 'sealed' : 'plain'} | ${def.rateLimit ? `\`${def.rateLimit}\`` : ''} | ${seconds(def.timeout)} | ${shapeText(reqOf(name))} | ${answer} | ${NOTES[name] ?? ''} |`;
  });
  return [
    '| call | method, path | auth | cipher | rate limit | timeout | request (plaintext) | answer (`result`) | notes, notable errors |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

const per = (l: RateLimit | undefined) => (l ? `${l.max} / ${l.windowS % 3600 === 0 ? `${l.windowS / 3600 === 1 ? '' : `${l.windowS / 3600} `}hour` : `${l.windowS / 60} min`}` : '–');

/** The rate-limit table of section 7.1: one row per RATE_LIMITS entry, with the calls that count it. */
export function rateLimitTable(): string {
  const rows = (Object.keys(RATE_LIMITS) as RateLimitedCall[]).map((limit) => {
    const rule: { perAddress: RateLimit; perUser?: RateLimit } = RATE_LIMITS[limit];
    // a call of the signing service is named with its prefix's last part (sign/IdCardOcr is not IdcardOcr)
    const calls: string[] = NAMES.filter((n) => (CALLS[n] as CallDef).rateLimit === limit).map((n) => (CALLS[n].path.startsWith(`${SIGN_PREFIX}/`) ? `sign/${CALLS[n].path.split('/').pop()}` : (CALLS[n].path.split('/').pop() as string)));
    const inHandler = LIMITS_IN_HANDLERS[limit];
    if (inHandler) calls.push(`${CALLS[inHandler.call as CallName].path.split('/').pop()} (${inHandler.when})`);
    return `| \`${limit}\` | ${calls.join(', ') || '(no call yet)'} | ${per(rule.perAddress)} | ${per(rule.perUser)} |`;
  });
  return ['| limit | calls | per address | per user |', '|---|---|---|---|', ...rows].join('\n');
}

const callList = (names: CallName[]) => names.map((n) => `\`${CALLS[n].path.split('/').pop()}\``).join(', ');

/** The operators' commands (npm run ops): usage and what must hold, from the commands' own definitions. */
export function opsTable(): string {
  const cell = (t: string) => t.replace(/\|/g, '\\|');
  const rows = commands.map((c) => {
    const [usage, what] = c.usage.split(/\s{3,}/);
    return `| \`${cell(usage)}\` | ${cell(what ?? '')} | ${cell(c.preconditions ?? '–')} |`;
  });
  return ['| command | what it does | preconditions |', '|---|---|---|', ...rows].join('\n');
}

/** The parts by marker name. */
export function parts(): Record<string, string> {
  return {
    'plain-calls': callList(NAMES.filter((n) => !CALLS[n].cipher)),
    'public-calls': callList(NAMES.filter((n) => CALLS[n].auth === 'public' && CALLS[n].cipher)),
    'rate-limits': rateLimitTable(),
    calls: callTable(),
    ops: opsTable(),
    csp: `\`${cspText()}\``,
  };
}

const BLOCK = /(<!-- api-doc:([a-z-]+) -->)([\s\S]*?)(<!-- \/api-doc:\2 -->)/g;

/** The document with every generated part rewritten; throws on a part it does not know or one missing. */
export function withGeneratedParts(doc: string): string {
  const all = parts();
  const seen = new Set<string>();
  const out = doc.replace(BLOCK, (_m, open: string, name: string, body: string, close: string) => {
    if (!(name in all)) throw new Error(`docs/api.md: unknown generated part "${name}"`);
    seen.add(name);
    // a table sits on lines of its own; a list runs inline in a sentence
    const text = all[name];
    return text.includes('\n') || body.startsWith('\n') ? `${open}\n${text}\n${close}` : `${open}${text}${close}`;
  });
  const missing = Object.keys(all).filter((n) => !seen.has(n));
  if (missing.length) throw new Error(`docs/api.md: markers missing for ${missing.join(', ')}`);
  return out;
}
