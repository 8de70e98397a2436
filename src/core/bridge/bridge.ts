/**
 * The native app bridge and its plain-browser fallback.
 *
 * ─── Native message protocol (for the app team) ────────────────────────────────────────────────
 * Detection: the app's WebView user agent carries the token `HLApp/<version>` (e.g. `HLApp/2.3.1`)
 * and, optionally, `HLLang/<lang>` (zh-CN | zh-TW | en); or the app injects `window.HLNativeBridge`
 * before the page's scripts run. Either one means "in app".
 *
 * Injected object:
 *   window.HLNativeBridge = {
 *     postMessage(json: string): void,              // required
 *     appInfo?: { version: string, language?: string } // optional, read synchronously at start-up
 *   }
 *
 * Page → app: `HLNativeBridge.postMessage(JSON.stringify({ id, method, params }))`
 *   id: string, unique per call (the page matches the answer to it); method and params below.
 * App → page: the app evaluates `window.HLNativeBridgeReceive(json)` with
 *   { id, ok: true, result } or { id, ok: false, error: { code: number | string, message?: string } }.
 *   Every call must be answered exactly once (fire-and-forget methods answer { ok: true, result: null }
 *   as soon as they are handled). Unanswered calls time out on the page side (BRIDGE_TIMEOUT_MS; none
 *   for the user-driven methods tradePassword, camera, chooseImage, getLocation).
 *
 * Methods:
 *   openPage      { url, title? }                    → null       open the URL in a new native webview
 *   openPdf       { url, title }                     → null       show the PDF in the native viewer
 *   close         {}                                 → null       close this webview
 *   back          {}                                 → null       native back (closes the webview at the root)
 *   share         { title?, text?, url? }            → null
 *   storageGet    { key }                            → { value: string | null }
 *   storageSet    { key, value }                     → null
 *   storageRemove { key }                            → null
 *   tradePassword {}                                 → { verified: boolean, ticket?: string }
 *   getLocation   {}                                 → { latitude: number, longitude: number }
 *                                                       error code 1004 when location permission is denied
 *   openSettings  { kind: 'location' | 'camera' }    → null       open the system settings page of this app
 *   camera        { purpose: 'idFront'|'idBack'|'bankCard'|'document' } → { fileName, fileData (base64), mimeType }
 *   chooseImage   { count }                          → { files: [{ fileName, fileData (base64), mimeType }] }
 *   recordVideo   { facing: 'front', minSeconds, maxSeconds } → { fileName, fileData (base64), mimeType }
 *                                                       the app's own camera in video mode (face liveness), no sound
 *   Cancelling a user-driven method answers { ok: false, error: { code: 'CANCELLED' } }; a method the app does not
 *   have answers { ok: false, error: { code: 'UNSUPPORTED' } } (the page then uses the browser's way).
 *
 * The after-opening pages of their own (/pages/investorIdentifier.html, /pages/improveInfo.html): the app opens them
 * with `?ticket=<page ticket>` (HMAC of APP_TOKEN_SECRET over {subAcctId, page, exp}, docs/decisions.md) instead of
 * its login token; a browser opens them with `?sub=<sub-account>` and the session.
 * ────────────────────────────────────────────────────────────────────────────────────────────────
 *
 * Plain browser: openPage → location (or window.open), openPdf → new window, savePdf → a download (in the app:
 * openPdf), close/back → history.back,
 * share → navigator.share, storage → localStorage for the non-identity flags in LOCAL_KEYS (memory otherwise),
 * getLocation → navigator.geolocation (PERMISSION_DENIED → {code: 1004}), camera/chooseImage → a file input.
 */
import { UA_APP, UA_LANG } from './user-agent';
import { ErrorCode } from '../domain/errors';

export const BRIDGE_TIMEOUT_MS = 10_000;

/** The non-identity flags the pages keep (spec names them); the browser fallback may keep these in localStorage. */
export const STORAGE_KEY = {
  statementSkipType: 'statementSkipType',
  statementLimitType: 'statementLimitType',
  openingLimitType: 'openingLimitType',
  strictMode: 'strictMode',
  taxPopup: 'taxPopup',
  openAccountSign: 'openAccountSign',
} as const;

/** Flags the browser fallback may keep in localStorage. Never identity data. */
export const LOCAL_KEYS = Object.values(STORAGE_KEY);

export interface BridgeError {
  code: number | string;
  message?: string;
}

export interface NativeHost {
  postMessage(json: string): void;
  appInfo?: { version?: string; language?: string };
}

declare global {
  interface Window {
    HLNativeBridge?: NativeHost;
    HLNativeBridgeReceive?: (json: string) => void;
  }
}

export type CameraPurpose = 'idFront' | 'idBack' | 'bankCard' | 'document';

interface Pending {
  resolve: (v: unknown) => void;
  reject: (e: BridgeError) => void;
  timer?: ReturnType<typeof setTimeout>;
}
const pending = new Map<string, Pending>();
let seq = 0;

function receive(json: string): void {
  let msg: { id?: string; ok?: boolean; result?: unknown; error?: BridgeError };
  try {
    msg = JSON.parse(json);
  } catch {
    return;
  }
  const p = msg.id ? pending.get(msg.id) : undefined;
  if (!p) return;
  pending.delete(msg.id!);
  if (p.timer) clearTimeout(p.timer);
  if (msg.ok) p.resolve(msg.result ?? null);
  else p.reject(msg.error ?? { code: 'UNKNOWN' });
}

function host(): NativeHost | undefined {
  return typeof window === 'undefined' ? undefined : window.HLNativeBridge;
}

/** Sends one message to the app and waits for its answer. */
export function callNative<T>(method: string, params: Record<string, unknown> = {}, timeoutMs: number | false = BRIDGE_TIMEOUT_MS): Promise<T> {
  const h = host();
  if (!h) return Promise.reject<T>({ code: 'NO_BRIDGE', message: 'not in the app' } satisfies BridgeError);
  if (!window.HLNativeBridgeReceive) window.HLNativeBridgeReceive = receive;
  const id = `b${Date.now().toString(36)}${(seq++).toString(36)}`;
  return new Promise<T>((resolve, reject) => {
    const entry: Pending = { resolve: resolve as (v: unknown) => void, reject };
    if (timeoutMs !== false) {
      entry.timer = setTimeout(() => {
        pending.delete(id);
        reject({ code: 'TIMEOUT', message: `${method} was not answered` });
      }, timeoutMs);
    }
    pending.set(id, entry);
    try {
      h.postMessage(JSON.stringify({ id, method, params }));
    } catch (e) {
      pending.delete(id);
      if (entry.timer) clearTimeout(entry.timer);
      reject({ code: 'POST_FAILED', message: String(e) });
    }
  });
}

function ua(): string {
  return typeof navigator === 'undefined' ? '' : navigator.userAgent;
}

function isInApp(): boolean {
  return UA_APP.test(ua()) || !!host();
}

function appVersion(): string | null {
  return host()?.appInfo?.version ?? ua().match(UA_APP)?.[1] ?? null;
}

function appLanguage(): string | null {
  return host()?.appInfo?.language ?? ua().match(UA_LANG)?.[1] ?? null;
}

/* ── browser fallbacks ── */
const memory = new Map<string, string>();
const isLocalKey = (key: string) => (LOCAL_KEYS as readonly string[]).includes(key);

function localGet(key: string): string | null {
  if (isLocalKey(key)) {
    try {
      return window.localStorage.getItem(key);
    } catch {
      /* storage blocked: fall through to memory */
    }
  }
  return memory.get(key) ?? null;
}

function localSet(key: string, value: string): void {
  if (isLocalKey(key)) {
    try {
      window.localStorage.setItem(key, value);
      return;
    } catch {
      /* storage blocked: keep it for this page */
    }
  }
  memory.set(key, value);
}

function localRemove(key: string): void {
  if (isLocalKey(key)) {
    try {
      window.localStorage.removeItem(key);
    } catch {
      /* ignore */
    }
  }
  memory.delete(key);
}

function browserLocation(): Promise<{ latitude: number; longitude: number }> {
  return new Promise((resolve, reject) => {
    const geo = typeof navigator !== 'undefined' ? navigator.geolocation : undefined;
    if (!geo) {
      reject({ code: 'UNSUPPORTED', message: 'geolocation unavailable' } satisfies BridgeError);
      return;
    }
    geo.getCurrentPosition(
      (pos) => resolve({ latitude: pos.coords.latitude, longitude: pos.coords.longitude }),
      (err) =>
        reject(
          err.code === err.PERMISSION_DENIED || err.code === 1
            ? ({ code: ErrorCode.LOCATION_PERMISSION, message: err.message } satisfies BridgeError)
            : ({ code: 'POSITION_UNAVAILABLE', message: err.message } satisfies BridgeError),
        ),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 },
    );
  });
}

/** Opens the system file picker (camera first when `capture`); resolves with the chosen files ([] when cancelled). */
function pickFiles(opts: { capture: boolean; multiple: boolean; accept: string }): Promise<File[]> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = opts.accept;
    input.multiple = opts.multiple;
    if (opts.capture) input.setAttribute('capture', 'environment');
    input.style.display = 'none';
    input.addEventListener('change', () => {
      resolve(Array.from(input.files ?? []));
      input.remove();
    });
    input.addEventListener('cancel', () => {
      resolve([]);
      input.remove();
    });
    document.body.appendChild(input);
    input.click();
  });
}

interface NativeFile {
  fileName: string;
  fileData: string;
  mimeType?: string;
}

function nativeFileToFile(f: NativeFile): File {
  const bin = atob(f.fileData.replace(/^data:[^,]*,/, ''));
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new File([bytes], f.fileName, { type: f.mimeType ?? 'image/jpeg' });
}

export const bridge = {
  isInApp,
  appVersion,
  appLanguage,

  /** Opens a page: a new native webview in the app; the same tab in a browser (or a new window when asked). */
  openPage(url: string, opts: { title?: string; newWindow?: boolean } = {}): Promise<void> {
    if (isInApp()) return callNative<void>('openPage', { url, title: opts.title });
    if (opts.newWindow) window.open(url, '_blank', 'noopener');
    else window.location.assign(url);
    return Promise.resolve();
  },

  /** Shows a PDF: the app's viewer, or a new window (the browser's own viewer). */
  openPdf(url: string, title: string): Promise<void> {
    if (isInApp()) return callNative<void>('openPdf', { url, title });
    window.open(url, '_blank', 'noopener');
    return Promise.resolve();
  },

  /**
   * Saves a PDF the page fetched or was given an address of (a certificate of completion): the app's viewer, which
   * offers sharing and saving; a download of `fileName` in a browser (a same-origin or object URL).
   */
  savePdf(url: string, fileName: string, title: string): Promise<void> {
    if (isInApp()) return callNative<void>('openPdf', { url, title });
    const a = document.createElement('a');
    a.href = url;
    a.download = fileName;
    a.rel = 'noopener';
    document.body.appendChild(a);
    a.click();
    a.remove();
    return Promise.resolve();
  },

  close(): Promise<void> {
    if (isInApp()) return callNative<void>('close');
    window.history.back();
    return Promise.resolve();
  },

  /** Opens the app's system settings page (permissions); a plain browser cannot: rejects {code:'UNSUPPORTED'}. */
  openSettings(kind: 'location' | 'camera'): Promise<void> {
    if (isInApp()) return callNative<void>('openSettings', { kind });
    return Promise.reject({ code: 'UNSUPPORTED' } satisfies BridgeError);
  },

  back(): Promise<void> {
    if (isInApp()) return callNative<void>('back');
    window.history.back();
    return Promise.resolve();
  },

  /** Shares a link; rejects with {code:'UNSUPPORTED'} where neither the app nor navigator.share can. */
  share(data: { title?: string; text?: string; url?: string }): Promise<void> {
    if (isInApp()) return callNative<void>('share', data);
    if (typeof navigator !== 'undefined' && typeof navigator.share === 'function') return navigator.share(data);
    return Promise.reject({ code: 'UNSUPPORTED', message: 'share unavailable' } satisfies BridgeError);
  },

  storage: {
    async get(key: string): Promise<string | null> {
      if (isInApp()) {
        try {
          const r = await callNative<{ value: string | null } | null>('storageGet', { key });
          return r?.value ?? null;
        } catch {
          return localGet(key);
        }
      }
      return localGet(key);
    },
    async set(key: string, value: string): Promise<void> {
      if (isInApp()) {
        try {
          await callNative<void>('storageSet', { key, value });
          return;
        } catch {
          /* old app without storage: fall back */
        }
      }
      localSet(key, value);
    },
    async remove(key: string): Promise<void> {
      if (isInApp()) {
        try {
          await callNative<void>('storageRemove', { key });
        } catch {
          /* fall through */
        }
      }
      localRemove(key);
    },
  },

  /** The app's trade password check; unavailable in a browser. */
  tradePassword(): Promise<{ verified: boolean; ticket?: string }> {
    if (isInApp()) return callNative('tradePassword', {}, false);
    return Promise.reject({ code: 'UNSUPPORTED', message: 'trade password needs the app' } satisfies BridgeError);
  },

  /** The device position; rejects with {code: 1004} when location permission is denied. */
  getLocation(): Promise<{ latitude: number; longitude: number }> {
    if (isInApp()) return callNative('getLocation', {}, false);
    return browserLocation();
  },

  /** Takes one photo; resolves null when cancelled. */
  async camera(purpose: CameraPurpose): Promise<File | null> {
    if (isInApp()) {
      try {
        return nativeFileToFile(await callNative<NativeFile>('camera', { purpose }, false));
      } catch (e) {
        if ((e as BridgeError)?.code === 'CANCELLED') return null;
        throw e;
      }
    }
    const files = await pickFiles({ capture: true, multiple: false, accept: 'image/*' });
    return files[0] ?? null;
  },

  /**
   * Records the face video with the app's own camera: the video, null when cancelled, 'unsupported' when the app has
   * no such method (the page then records with the web camera). Outside the app always 'unsupported'.
   */
  async recordVideo(minSeconds: number, maxSeconds: number): Promise<File | null | 'unsupported'> {
    if (!isInApp()) return 'unsupported';
    try {
      return nativeFileToFile(await callNative<NativeFile>('recordVideo', { facing: 'front', minSeconds, maxSeconds }, false));
    } catch (e) {
      const code = (e as BridgeError)?.code;
      if (code === 'CANCELLED') return null;
      if (code === 'UNSUPPORTED') return 'unsupported';
      throw e;
    }
  },

  /** Chooses images from the album (or files in a browser); [] when cancelled. */
  async chooseImage(count = 1, accept = 'image/png,image/jpeg,application/pdf'): Promise<File[]> {
    if (isInApp()) {
      try {
        const r = await callNative<{ files: NativeFile[] }>('chooseImage', { count }, false);
        return r.files.map(nativeFileToFile);
      } catch (e) {
        if ((e as BridgeError)?.code === 'CANCELLED') return [];
        throw e;
      }
    }
    const files = await pickFiles({ capture: false, multiple: count > 1, accept });
    return files.slice(0, count);
  },
};

export type Bridge = typeof bridge;

export function isBridgeError(e: unknown): e is BridgeError {
  return !!e && typeof e === 'object' && 'code' in e;
}
