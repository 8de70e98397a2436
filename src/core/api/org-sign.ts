/**
 * The organisation signing page's calls (spec part 3 §7 "Organisation signing service", §8): every call after
 * ApplyAuth carries the session's token and the ID number the signer typed. Both live in this page's memory only
 * (never in the browser's storage, never in the address): a reload asks for the ID number again. A verification that
 * expired (100008, 100031, 100033, 100034) clears them, and the page goes back to its start with the ticket.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { APP_CALLS as CALLS } from '../domain/calls';
import type { Req, Res } from '../domain/contract';
import { SIGN_EXPIRED_CODES } from '../domain/errors';
import { SIGN_LIMITS, type SignUploadPurpose } from '../domain/org-sign';
import { ApiError } from './api-error';
import { callApi } from './client';
import { queryKeys } from './keys';
import { prepareUpload, sealedUpload, type UploadPhase } from './upload';

interface SignSession {
  token: string;
  idNumber: string;
}

let session: SignSession | null = null;
const listeners = new Set<() => void>();

export const signSession = {
  get: (): SignSession | null => session,
  clear(): void {
    session = null;
    listeners.forEach((l) => l());
  },
  /** called when a verification expired (the page goes back to its start) */
  onExpired(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Signs in with the link's ticket and the ID number: the session for the page's later calls. */
export async function signIn(ticket: string, idNumber: string): Promise<Res<'signApplyAuth'>> {
  const r = await callApi('signApplyAuth', { ticket, idNumber });
  session = { token: r.token, idNumber };
  return r;
}

type SignedCall =
  | 'signApplyDetail'
  | 'signApplyUpdate'
  | 'signGetClientInfo'
  | 'signIdCardOcr'
  | 'signCorpApplyAuth'
  | 'signCorpApplyCACert'
  | 'signCorpApplyDetail'
  | 'signCorpApplyUpdate'
  | 'signFileDownload'
  | 'signCertificate';
type Extra<K extends SignedCall> = Omit<Req<K>, 'token' | 'idNumber'>;

async function withSession<T>(run: (s: SignSession) => Promise<T>): Promise<T> {
  if (!session) {
    signSession.clear();
    throw new ApiError(SIGN_EXPIRED_CODES[0], 'no signing session');
  }
  try {
    return await run(session);
  } catch (e) {
    if (e instanceof ApiError && typeof e.code === 'number' && SIGN_EXPIRED_CODES.includes(e.code)) signSession.clear();
    throw e;
  }
}

/** A call of the signing service with the session's token and ID number added. */
export function signCall<K extends SignedCall>(name: K, extra: Extra<K>): Promise<Res<K>> {
  return withSession((s) => callApi(name, { ...(extra as object), token: s.token, idNumber: s.idNumber } as never) as Promise<Res<K>>);
}

/**
 * Uploads a file of the ticket: a document for the broker (PDF, PNG or JPEG) or, with purpose idPhoto, the photo of
 * the signer's ID card (PNG or JPEG). Images are made smaller first; `onProgress` is told when that is under way
 * ('preparing', no percentage) and how far the upload got.
 */
export function signUpload(file: File, opts: { purpose?: SignUploadPurpose; onProgress?: (pct: number, phase: UploadPhase) => void } = {}): Promise<Res<'signFileUpload'>> {
  return withSession(async (s) => {
    const { name, bytes } = await prepareUpload(file, (file.name || 'file').slice(0, SIGN_LIMITS.fileNameMax - 4), opts.onProgress);
    const def = CALLS.signFileUpload;
    const meta = { token: s.token, idNumber: s.idNumber, fileName: name, ...(opts.purpose ? { purpose: opts.purpose } : {}) };
    return sealedUpload<Res<'signFileUpload'>>(def.path, def.timeout, name, bytes, (pct) => opts.onProgress?.(pct, 'uploading'), meta);
  });
}

/** A file of the ticket as an object URL (the PDF viewer reads it); the caller revokes it. */
export async function signFileUrl(fileId: string): Promise<string> {
  const f = await signCall('signFileDownload', { fileId });
  const bin = atob(f.data);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return URL.createObjectURL(new Blob([bytes], { type: f.mime }));
}

// ── the page's queries (the keys under queryKeys.orgSign(), cleared together when the session expires) ──

/**
 * The organisation the link is for (TicketInfo: its names only, no session needed), named on the start page before the
 * signer gives their ID number. Read once: a refusal (152301, 152302, 152303) is the link's state, not a hiccup.
 */
export const signTicketQuery = (ticket: string) =>
  queryOptions({ queryKey: queryKeys.orgSignTicket(ticket), queryFn: () => callApi('signTicketInfo', { ticket }), staleTime: Infinity, retry: false });

/** The ticket's state (ApplyDetail), read once (no retry): the query's function, and the read right after signing in. */
export const fetchSignDetail = () => signCall('signApplyDetail', {});

/** The ticket's state as cached: read again whenever a screen asks (the broker and the other signers move it on). */
export const signDetailQuery = () => queryOptions({ queryKey: queryKeys.orgSignDetail(), queryFn: fetchSignDetail, staleTime: 0 });

/** The signer's details and the ID photo accepted earlier on this link (GetClientInfo). */
export const signClientInfoQuery = () => queryOptions({ queryKey: queryKeys.orgSignClientInfo(), queryFn: () => signCall('signGetClientInfo', {}) });

/** An ID photo of the ticket as an object URL, kept while shown (the screen revokes it). */
export const signIdPhotoQuery = (fileId: string) =>
  queryOptions({ queryKey: queryKeys.orgSignIdPhoto(fileId), queryFn: () => signFileUrl(fileId), staleTime: Infinity, gcTime: 0 });

/** Signs in (signIn) and reads the signing's detail: the detail query holds it, and the mutation answers it. */
export function useSignIn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ ticket, idNumber }: { ticket: string; idNumber: string }) => {
      await signIn(ticket, idNumber);
      return fetchSignDetail();
    },
    onSuccess: (detail) => qc.setQueryData(signDetailQuery().queryKey, detail),
  });
}

/** A signed write after which the signing's detail is read fresh (the step it leads to): the mutation answers it. */
function useSignWrite<K extends 'signApplyUpdate' | 'signCorpApplyUpdate'>(name: K) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (extra: Extra<K>) => {
      await signCall(name, extra);
      return qc.fetchQuery(signDetailQuery());
    },
  });
}

/** The documents a person signing for an organisation uploaded, sent (SignApplyUpdate). */
export const useSignApplyUpdate = () => useSignWrite('signApplyUpdate');
/** The organisation's signature (SignCorpApplyUpdate). */
export const useSignCorpApplyUpdate = () => useSignWrite('signCorpApplyUpdate');

/**
 * The signer's identity confirmed (SignCorpApplyAuth) and the certificate asked for (SignCorpApplyCACert), then the
 * detail read fresh: {caStatus, detail}. A failure reads the detail and the client info again (what stands now).
 */
export function useSignCorpVerify() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (auth: Extra<'signCorpApplyAuth'>) => {
      await signCall('signCorpApplyAuth', auth);
      const { caStatus } = await signCall('signCorpApplyCACert', {});
      return { caStatus, detail: await qc.fetchQuery(signDetailQuery()) };
    },
    onError: () => Promise.all([qc.invalidateQueries({ queryKey: queryKeys.orgSignDetail() }), qc.invalidateQueries({ queryKey: queryKeys.orgSignClientInfo() })]),
  });
}

/**
 * The signer's certificate of completion once the documents are signed (sign/Certificate, then its bytes through
 * FileDownload): an object URL of the PDF and its file name; the caller revokes the URL.
 */
export function useSignCertificate() {
  return useMutation({
    mutationFn: async () => {
      const file = await signCall('signCertificate', {});
      return { url: await signFileUrl(file.fileId), fileName: file.fileName };
    },
  });
}
