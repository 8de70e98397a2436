/**
 * The review desk's client (issue 28): the calls of STAFF_CALLS (src/core/domain/calls-staff.ts), plain JSON under
 * /kyc/staff/v1 with the staff session's own cookie, sent through the same ky instance and error envelope as the
 * pages' calls (transport.ts). No applicant page imports this module: the desk is its own build (vite.desk.config.ts).
 */
import { STAFF_CALLS } from '../domain/calls-staff';
import type { Req, Res } from '../domain/contract';
import { fromEnvelope, readBody, send } from './transport';

export { ApiError, isApiError } from './api-error';

/** A desk call answered with JSON (every one but the file, which the viewer opens by its address). */
export type StaffCallName = Exclude<keyof typeof STAFF_CALLS, 'staffFile'>;

/**
 * Calls the service's desk. Resolves with the result; rejects with ApiError (`NETWORK` when no answer came). A GET's
 * payload travels in the query string (the queue's filters as its address has them), a POST's as a JSON body.
 */
export async function staffApi<K extends StaffCallName>(name: K, payload?: Req<K>, signal?: AbortSignal): Promise<Res<K>> {
  const def = STAFF_CALLS[name];
  const query = def.method === 'GET' && payload ? searchParamsOf(payload as Record<string, unknown>) : undefined;
  const res = await send(
    def.path,
    {
      method: def.method,
      timeout: def.timeout,
      ...(def.method === 'POST' ? { json: payload ?? {} } : {}),
      ...(query ? { searchParams: query } : {}),
    },
    signal,
  );
  return fromEnvelope(await readBody(res), res.status) as Res<K>;
}

/** the query string of a GET: undefined and empty values left out, the rest as text */
export function searchParamsOf(payload: Record<string, unknown>): URLSearchParams {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(payload)) {
    if (v === undefined || v === null || v === '') continue;
    q.set(k, Array.isArray(v) ? v.join(',') : String(v));
  }
  return q;
}

/** The address of an application's file for the desk's viewer (an <img> or the PDF viewer opens it with the staff cookie). */
export function staffFileUrl(appId: string, ossId: string): string {
  return `${STAFF_CALLS.staffFile.path}?${new URLSearchParams({ appId, ossId }).toString()}`;
}
