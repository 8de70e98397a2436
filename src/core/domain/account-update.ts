/**
 * Account updates after opening (issue 13; spec part 3 §4 "Update and resubmission flow", §5): an update session
 * changes one or more modules (bit flags: 8 the address, 512 the W-8BEN), is submitted for review and approved or
 * sent back per module. Pure and zod-free: the screens and the service use the same rules.
 */
import { checkW8Address } from './w8-address';
import { UPDATE_ROUTE } from './account-routes';
import { checkAddress, checkCity, type Check } from './identity';
import { checkFiles, MAX_FILES } from './uploads';
import { at, issuesOf, str, type FieldIssue } from './step-rules/types';
import { checkCountry } from './steps/userinfo';

export const UPDATE_MODULE = { ADDRESS: 8, W8: 512 } as const;
export type UpdateModule = (typeof UPDATE_MODULE)[keyof typeof UPDATE_MODULE];
export const UPDATE_MODULES: readonly UpdateModule[] = [UPDATE_MODULE.ADDRESS, UPDATE_MODULE.W8];
export const hasModule = (mask: number, m: UpdateModule): boolean => (mask & m) === m;

/** action of ClientUpdate / ClientApply: 1 save a module, 2 discard the whole update. */
export const UPDATE_ACTION = { SAVE: 1, DISCARD: 2 } as const;

/**
 * Statuses of an update: 1000 being edited, 1200 submitted (under review), 1900-1902 sent back (1900 by a reviewer,
 * 1901 a document check failed, 1902 expired before review: all editable), 4000 approved, 5000 discarded.
 */
export const UPDATE_STATUS = { EDITING: 1000, SUBMITTED: 1200, REJECTED: 1900, REJECTED_DOCUMENT: 1901, REJECTED_EXPIRED: 1902, APPROVED: 4000, DISCARDED: 5000 } as const;
export const UPDATE_REJECTED: readonly number[] = [1900, 1901, 1902];
/** How often a page showing an update under review reads it again (the status page follows staff's decision). */
export const UPDATE_REVIEW_POLL_MS = 5000;
export const isUpdateRejected = (status: number | null | undefined): boolean => status != null && UPDATE_REJECTED.includes(status);

export { UPDATE_ROUTE };

/** Where the update area opens: the account info for 1000, 4000, 5000 or no update; otherwise its status page. */
export function updateLanding(status: number | null | undefined): typeof UPDATE_ROUTE.accountInfo | typeof UPDATE_ROUTE.status {
  if (status == null || status === UPDATE_STATUS.EDITING || status === UPDATE_STATUS.APPROVED || status === UPDATE_STATUS.DISCARDED) return UPDATE_ROUTE.accountInfo;
  return UPDATE_ROUTE.status;
}

/** An update still open for changes by its client: being edited, or sent back. */
export const isUpdateOpen = (status: number): boolean => status === UPDATE_STATUS.EDITING || isUpdateRejected(status);

export interface UpdateMasks {
  status: number;
  /** the modules saved in this update */
  module: number;
  /** the modules saved again after it was sent back */
  reUpdateModule: number;
  /** the modules the reviewer sent back */
  rejectModule: number;
}

/** A module's button: "saved" once it is saved in this update (again, after a rejection), else "edit". */
export function moduleButton(u: UpdateMasks | null, m: UpdateModule): 'saved' | 'edit' {
  if (!u) return 'edit';
  return hasModule(isUpdateRejected(u.status) ? u.reUpdateModule : u.module, m) ? 'saved' : 'edit';
}

/** Submit is offered once a module was saved (after a rejection: saved again). */
export function canSubmitUpdate(u: UpdateMasks | null): boolean {
  if (!u || !isUpdateOpen(u.status)) return false;
  return (isUpdateRejected(u.status) ? u.reUpdateModule : u.module) !== 0;
}

/**
 * The modules a sent-back update offers to correct: those the reviewer named; when none was named (a 1901 document
 * check or a 1902 expiry names no module), those the update holds; when it holds none, every module. Never none: a
 * sent-back update always has a way to correct it and submit again.
 */
export function modulesToCorrect(u: UpdateMasks): UpdateModule[] {
  const mask = u.rejectModule || u.module;
  return mask ? UPDATE_MODULES.filter((m) => hasModule(mask, m)) : [...UPDATE_MODULES];
}

/** Why a sent-back update came back, when the reviewer wrote no message: the status's own reason (a message key). */
export function updateRejectReasonKey(status: number): string | null {
  if (status === UPDATE_STATUS.REJECTED_DOCUMENT) return 'accountUpdate.status.reasonDocument';
  if (status === UPDATE_STATUS.REJECTED_EXPIRED) return 'accountUpdate.status.reasonExpired';
  return null;
}

/** The sent-back modules not saved again: submitting anyway asks for confirmation first. */
export function unrevisedModules(u: UpdateMasks | null): UpdateModule[] {
  if (!u || !isUpdateRejected(u.status)) return [];
  return modulesToCorrect(u).filter((m) => !hasModule(u.reUpdateModule, m));
}

/** The address was sent back and is not saved again: the "check everything" dialog leads to AllDataCheck. */
export const needsAllDataCheck = (u: UpdateMasks | null): boolean => unrevisedModules(u).includes(UPDATE_MODULE.ADDRESS);

// ---------------------------------------------------------------- the address module

/** mailingSameResidential: 1 the mailing address is the residence, 2 a different one. */
export const MAILING = { SAME: 1, DIFFERENT: 2 } as const;

export interface AddressData {
  residentialAddress: string;
  residentialAddressCity: string;
  residentialAddressCountry: string;
  mailingSameResidential: number;
  mailingAddress: string;
  mailingAddressCity: string;
  mailingAddressCountry: string;
  proofOfAddress: { residence: unknown[]; mailing: unknown[] };
}

/**
 * The address module: country, address and a proof file for the residence (city unless HK or MO: letters and
 * Chinese only, ≤ 100; address ≤ 500); the same for the mailing address when it differs (2).
 */
export function validateAddressUpdate(data: unknown): FieldIssue[] {
  const same = at(data, 'mailingSameResidential');
  const part = (p: 'residential' | 'mailing', proof: 'residence' | 'mailing'): [string, Check][] => {
    const country = str(at(data, `${p}AddressCountry`));
    return [
      [`${p}AddressCountry`, checkCountry(at(data, `${p}AddressCountry`))],
      [`${p}AddressCity`, checkCity(at(data, `${p}AddressCity`), country)],
      [`${p}Address`, checkAddress(at(data, `${p}Address`))],
      [`proofOfAddress.${proof}`, checkFiles(at(data, `proofOfAddress.${proof}`), MAX_FILES.default)],
    ];
  };
  return issuesOf([
    ...part('residential', 'residence'),
    ['mailingSameResidential', same === MAILING.SAME || same === MAILING.DIFFERENT ? null : 'choice'],
    ...(same === MAILING.DIFFERENT ? part('mailing', 'mailing') : []),
  ]);
}

/** The address module's own fields (its proof files apart). */
export const ADDRESS_FIELDS = ['residentialAddress', 'residentialAddressCity', 'residentialAddressCountry', 'mailingSameResidential', 'mailingAddress', 'mailingAddressCity', 'mailingAddressCountry'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * The address fields as saved and compared: trimmed, and the mailing address a copy of the residence when it is the
 * same (1). Anything but 2 counts as the same (an application's box ticked, or nothing said).
 */
export function addressFieldsOf(data: unknown): Record<AddressField, string | number> {
  const same = at(data, 'mailingSameResidential') === MAILING.DIFFERENT ? MAILING.DIFFERENT : MAILING.SAME;
  const out = { mailingSameResidential: same } as Record<AddressField, string | number>;
  for (const k of ADDRESS_FIELDS) if (k !== 'mailingSameResidential') out[k] = text(at(data, k));
  if (same === MAILING.SAME) {
    out.mailingAddress = out.residentialAddress;
    out.mailingAddressCity = out.residentialAddressCity;
    out.mailingAddressCountry = out.residentialAddressCountry;
  }
  return out;
}

/** One of the two addresses of the module, and its proof files. */
const HAN_TEXT = /\p{Script=Han}/u;
const pieceKey = (p: string) => p.toLowerCase().replace(/[\s.'’-]+/g, ' ').trim();

/**
 * An address as one line for the summaries: the street address, the city and the country's name, each said once.
 * Each part is split at its commas; a piece said before is left out ("… Central, Hong Kong" + "Hong Kong" +
 * "Hong Kong, China" → "… Central, Hong Kong, China"); a city or country piece in Chinese (written without
 * spaces) is also left out when another piece contains it ("香港" beside "中国香港").
 */
export function addressLine(address: string, city: string, countryName: string): string {
  const pieces = [address, city, countryName].flatMap((part, i) => part.split(/[,，]/).map((p) => ({ text: p.trim(), street: i === 0 })).filter((p) => p.text));
  const kept: string[] = [];
  pieces.forEach((p, i) => {
    if (kept.some((k) => pieceKey(k) === pieceKey(p.text))) return;
    if (!p.street && HAN_TEXT.test(p.text) && pieces.some((o, j) => j !== i && o.text !== p.text && o.text.includes(p.text))) return;
    kept.push(p.text);
  });
  return kept.join(', ');
}

export type AddressPart = 'residential' | 'mailing';
const PROOF_OF: Record<AddressPart, 'residence' | 'mailing'> = { residential: 'residence', mailing: 'mailing' };

/** The issues of one address (its country, city, address and proof files): that address's page of the editor. */
export function addressPartIssues(data: unknown, part: AddressPart): FieldIssue[] {
  const whole = validateAddressUpdate({ ...(data as object), mailingSameResidential: MAILING.DIFFERENT });
  return whole.filter((i) => i.field.startsWith(part) || i.field === `proofOfAddress.${PROOF_OF[part]}`);
}

/**
 * Why the address editor's Save is refused before asking the service (the spec's toasts): nothing differs from what
 * the account holds ('noChange'), or an address has no proof file ('proofNeeded'); null when it may be saved.
 */
export function addressSaveBlock(held: unknown, form: AddressData): 'noChange' | 'proofNeeded' | null {
  if (held && !changed(addressFieldsOf(held), addressFieldsOf(form))) return 'noChange';
  const different = form.mailingSameResidential === MAILING.DIFFERENT;
  if (!form.proofOfAddress.residence.length || (different && !form.proofOfAddress.mailing.length)) return 'proofNeeded';
  return null;
}

/**
 * The W-8BEN's permanent residence address follows the residential address: when an update changes the residential
 * country or address and does not save the W-8BEN too, the check page asks the client to look at it.
 */
export function w8NeedsReview(held: unknown, saved: unknown, w8Saved: boolean): boolean {
  if (!saved || w8Saved) return false;
  const before = addressFieldsOf(held ?? {});
  const after = addressFieldsOf(saved);
  return before.residentialAddressCountry !== after.residentialAddressCountry || before.residentialAddress !== after.residentialAddress;
}

// ---------------------------------------------------------------- the W-8BEN module

export { W8_ADDRESS_MAX, checkW8Address, w8Address } from './w8-address';

export interface W8Data {
  country: string;
  residenceAddress: string;
}

export function validateW8Update(data: unknown): FieldIssue[] {
  return issuesOf([
    ['country', checkCountry(at(data, 'country'))],
    ['residenceAddress', checkW8Address(at(data, 'residenceAddress'))],
  ]);
}

/** Save is offered when the module's data differs from what the account holds (the screens' "no change" toast). */
export function changed<T extends object>(current: T, edited: T): boolean {
  return JSON.stringify(normalise(current)) !== JSON.stringify(normalise(edited));
}
function normalise(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(normalise);
  if (v && typeof v === 'object') return Object.fromEntries(Object.keys(v).sort().map((k) => [k, normalise((v as Record<string, unknown>)[k])]));
  return typeof v === 'string' ? v.trim() : v;
}

// ---------------------------------------------------------------- the trading password (editing account info)

/** A trading password: 6 digits, not one digit repeated, not a straight run up or down (123456, 654321). */
export const TRADE_PASSWORD_LENGTH = 6;
export function checkTradePassword(v: unknown): 'required' | 'tradePassword' | 'tradePasswordWeak' | null {
  const s = typeof v === 'string' ? v : '';
  if (!s) return 'required';
  if (!/^\d{6}$/.test(s)) return 'tradePassword';
  const d = [...s].map(Number);
  const step = d[1] - d[0];
  const run = (step === 1 || step === -1 || step === 0) && d.every((x, i) => i === 0 || x - d[i - 1] === step);
  return run ? 'tradePasswordWeak' : null;
}
/** Wrong passwords in a row before the password locks, and for how long. */
export const TRADE_PASSWORD_LOCK = { tries: 5, minutes: 30 } as const;
/** The first trading password is set only by a session logged in this recently (a code or the app's token just now). */
export const TRADE_PASSWORD_SET_LOGIN_MINUTES = 10;
/**
 * The recent-login rule of the first trading password: the session's login (its start) at most
 * TRADE_PASSWORD_SET_LOGIN_MINUTES before `now`. The service refuses a set without it (152009) and TradePasswordStatus
 * tells the screen beforehand (loginNeeded), so the applicant logs in again before typing the password, not after.
 */
export function isRecentLogin(loggedInAt: Date | null | undefined, now: Date): boolean {
  return !!loggedInAt && now.getTime() - loggedInAt.getTime() <= TRADE_PASSWORD_SET_LOGIN_MINUTES * 60_000;
}
/** How long a verified trading password lets the session edit the account's information. */
export const TRADE_VERIFIED_MINUTES = 15;
