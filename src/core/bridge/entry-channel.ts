/**
 * The agent code and channel the entry address carried (`?aecode=…&channel=…` in the page's query or the hash route's
 * query; `aeCode` also read). Every page's entry (pages/*.html → src/flows/…/*main.tsx) captures them first, before
 * anything rewrites its address; they are kept for the tab's session (sessionStorage: it is no identity data) so that
 * the app banner (hidden for some agents, domain/channel.ts) and the channel-change dialog before submit read them
 * whatever route, or page, the applicant is on by then. A later entry address with values replaces the kept ones.
 */
import { entryChannelOf, type ChannelPair } from '../domain/channel';

const KEY = 'esop.entryChannel';
let memory: ChannelPair | null = null;

function readQuery(): ChannelPair {
  const outer = new URLSearchParams(window.location.search);
  const hash = window.location.hash;
  const inner = new URLSearchParams(hash.includes('?') ? hash.slice(hash.indexOf('?') + 1) : '');
  const get = (...names: string[]) => {
    for (const q of [inner, outer]) for (const n of names) if (q.get(n)) return q.get(n);
    return null;
  };
  return entryChannelOf(get('aecode', 'aeCode'), get('channel'));
}

/** Reads the entry address once at page start (every page's entry calls it first); values it carries replace the kept ones. */
export function captureEntryChannel(): void {
  const found = readQuery();
  if (!found.aeCode && !found.channel) return;
  memory = found;
  try {
    sessionStorage.setItem(KEY, JSON.stringify(found));
  } catch {
    /* storage blocked: kept in memory for this page */
  }
}

/** The kept values (none: both null). */
export function entryChannel(): ChannelPair {
  if (memory) return memory;
  try {
    const raw = sessionStorage.getItem(KEY);
    if (raw) {
      const v = JSON.parse(raw) as Partial<ChannelPair>;
      return entryChannelOf(v.aeCode ?? null, v.channel ?? null);
    }
  } catch {
    /* unreadable: none */
  }
  return { aeCode: null, channel: null };
}

/** For tests: forget the kept values. */
export function resetEntryChannel(): void {
  memory = null;
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    /* nothing kept */
  }
}
