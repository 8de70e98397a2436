/**
 * The agent code (aeCode, "invite code") and channel an application carries (part 3 §4 "Channel change"). The entry URL
 * may carry others than the stored ones: the applicant is asked before submit, and ApplySubmit carries the new values.
 * The spec shows no format: agent codes seen are short upper-case codes with a dash (B1, W090-A); channels short words
 * (fund). A table of known agents is out of scope: a change must be well formed and differ from what is stored.
 */

/** Agent code: a letter or digit, then letters, digits or dashes, 1-16 characters, upper case. */
export const AE_CODE_PATTERN = /^[A-Z0-9][A-Z0-9-]{0,15}$/;
/** Channel: a letter or digit, then letters, digits, '_' or '-', 1-32 characters. */
export const CHANNEL_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/;

export function isAeCode(v: unknown): v is string {
  return typeof v === 'string' && AE_CODE_PATTERN.test(v);
}

export function isChannel(v: unknown): v is string {
  return typeof v === 'string' && CHANNEL_PATTERN.test(v);
}

export interface ChannelPair {
  aeCode: string | null;
  channel: string | null;
}

/** A value from the entry URL: trimmed, the agent code upper-cased; empty or malformed values count as absent. */
export function entryChannelOf(aeCode: string | null | undefined, channel: string | null | undefined): ChannelPair {
  const a = (aeCode ?? '').trim().toUpperCase();
  const c = (channel ?? '').trim();
  return { aeCode: isAeCode(a) ? a : null, channel: isChannel(c) ? c : null };
}

/**
 * What differs between the entry's values and the stored ones: only values the entry carries count (an entry without a
 * channel does not clear the stored one). null when nothing differs (no dialog, nothing sent).
 */
export function channelChange(stored: ChannelPair, entry: ChannelPair): Partial<ChannelPair> | null {
  const change: Partial<ChannelPair> = {};
  if (entry.aeCode && entry.aeCode !== stored.aeCode) change.aeCode = entry.aeCode;
  if (entry.channel && entry.channel !== stored.channel) change.channel = entry.channel;
  return Object.keys(change).length ? change : null;
}

/**
 * The service's check of a submit that carries aeCode/channel: the values that really change (differ from the stored
 * ones), or 'invalid' when one of them is malformed (151212).
 */
export function checkChannelChange(stored: ChannelPair, requested: { aeCode?: string; channel?: string }): Partial<ChannelPair> | 'invalid' {
  const change: Partial<ChannelPair> = {};
  if (requested.aeCode !== undefined && requested.aeCode !== stored.aeCode) {
    if (!isAeCode(requested.aeCode)) return 'invalid';
    change.aeCode = requested.aeCode;
  }
  if (requested.channel !== undefined && requested.channel !== stored.channel) {
    if (!isChannel(requested.channel)) return 'invalid';
    change.channel = requested.channel;
  }
  return change;
}

/**
 * The invitation (referral) relation (spec part 3 §4 "Channel change", §7 "Feature check", "Invitation relation
 * update"): when the applicant takes a new invite code, the relation to the inviter is recorded — only when the
 * Invitation feature is allowed for the user. The stage names when it was taken.
 */
export const FEATURE = { INVITATION: 'Invitation' } as const;
export const INVITATION_STAGE = { OPEN_ACCOUNT: 'openAccount' } as const;
export const INVITATION_STAGES = [INVITATION_STAGE.OPEN_ACCOUNT] as const;

/**
 * The "get the app" banner of the pages opened outside the app (spec part 3 §6): hidden inside the app, and for the
 * agents whose clients must not be sent to the app (W090-A to W090-D).
 */
export const NO_APP_BANNER_AGENTS: readonly string[] = ['W090-A', 'W090-B', 'W090-C', 'W090-D'];
export function showsAppBanner(o: { inApp: boolean; aeCode: string | null | undefined }): boolean {
  if (o.inApp) return false;
  const code = (o.aeCode ?? '').trim().toUpperCase();
  return !NO_APP_BANNER_AGENTS.includes(code);
}
