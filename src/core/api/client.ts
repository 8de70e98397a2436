/**
 * The one way the client talks to the KYC service: `callApi`.
 *
 * What sends the call (the ky instance, the cipher session, the envelopes: transport.ts) is loaded on the page's first
 * call, not with its first script: a page that paints its first screen from the HTML and has no session (the login, a
 * link without a route) makes no call before the visitor acts, and a page with one starts its calls from its entry
 * (src/core/app/early-start.ts), which loads it at once, beside the React part of the page.
 */
import type { AppCallName as CallName } from '../domain/calls';
import type { CallOptions, CipherState, ReqOf, ResOf } from './transport';

export type { CallOptions, CipherState, ReqOf, ResOf } from './transport';

export { LANG_HEADER } from '../i18n/lang';

let transport: Promise<typeof import('./transport')> | undefined;
let loaded: typeof import('./transport') | undefined;

/** The transport module, imported once (the first call's import is shared by the calls made while it loads). */
export function loadTransport(): Promise<typeof import('./transport')> {
  transport ??= import('./transport').then(
    (m) => (loaded = m),
    (e: unknown) => {
      // a failed load (the network dropped) is tried again by the next call
      transport = undefined;
      throw e;
    },
  );
  return transport;
}

/**
 * Calls the service. Resolves with the call's result; rejects with ApiError (code 'NETWORK' when no answer).
 * An aborted `signal` rejects with the AbortError unchanged (React Query cancellation).
 */
export function callApi<K extends CallName>(name: K, payload?: ReqOf<K>, opts: CallOptions = {}): Promise<ResOf<K>> {
  return loadTransport().then((t) => t.callApi(name, payload, opts));
}

/** The page's cipher session, made on first use and shared by concurrent calls. */
export function ensureCipherSession(): Promise<CipherState> {
  return loadTransport().then((t) => t.ensureCipherSession());
}

/** Forgets the cipher session (tests; logout keeps it: the cipher session is not the login). None before the first call. */
export function resetCipherSession(): void {
  loaded?.resetCipherSession();
}

/** How many handshakes this page made (diagnostics and tests). */
export function handshakeCount(): number {
  return loaded?.handshakeCount() ?? 0;
}
