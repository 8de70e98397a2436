/**
 * The one way an application's status (apply status, reject data, deposit, stock transfer-in, client status) changes:
 * the row update, an application_events row (the history and outbox: who changed what and when) and the audit entry,
 * all in the caller's transaction. Submit, resubmit and every ops command go through `changeApplication`.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../../db';
import { audit } from '../../db/audit';
import * as events from './events-repository';
import * as repo from './repository';

/** What an event records. */
export type EventKind =
  | 'submit'
  | 'resubmit'
  | 'approve'
  | 'reject'
  | 'status'
  | 'deposit'
  | 'stock'
  | 'client-status'
  | 'witness'
  | 'witness-accept'
  | 'witness-refuse'
  | 'protocol'
  | 'first-approval'
  | 'close';

export interface StatusChange {
  /** 'user:<id>', 'ops:<command>' or 'system' */
  actor: string;
  kind: EventKind;
  change: repo.AppChange;
  /** the decision's details; never identity data in clear */
  detail?: Record<string, unknown>;
  /** the audit action (default `application.<kind>`) */
  auditAction?: string;
  at: Date;
}

/** Applies the change to a row locked in `tx` (read with forUpdate); returns the updated row. */
export async function changeApplication(tx: Db, row: repo.AppRow, c: StatusChange): Promise<repo.AppRow> {
  const updated = await repo.updateApplication(tx, row.app_id, c.change, c.at);
  const detail = c.detail ?? {};
  await events.insertEvent(tx, { appId: row.app_id, at: c.at, actor: c.actor, kind: c.kind, fromStatus: row.apply_status, toStatus: updated.apply_status, detail });
  await audit(tx, {
    actor: c.actor,
    userId: row.user_id,
    appId: row.app_id,
    action: c.auditAction ?? `application.${c.kind}`,
    detail: { from: row.apply_status, to: updated.apply_status, ...detail },
    at: c.at,
  });
  return updated;
}

/** JSON with object keys sorted at every depth: the same data always gives the same text (and hash). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return `{${Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export interface Snapshot {
  /** SHA-256 of the submitted steps' data as a whole */
  snapshotHash: string;
  /** SHA-256 of each step's data */
  stepHashes: Record<string, string>;
}

/** The hashes of what is submitted: the saved data of the application's steps (drafts left out). */
export function snapshotOf(steps: readonly string[], data: Record<string, unknown>): Snapshot {
  const stepHashes: Record<string, string> = {};
  for (const s of steps) stepHashes[s] = sha256(canonicalJson(data[s] ?? null));
  return { snapshotHash: sha256(canonicalJson(steps.map((s) => [s, stepHashes[s]]))), stepHashes };
}

/** The steps whose data differs from the previous submission's (every step on a first submission). */
export function changedSince(steps: readonly string[], now: Snapshot, previous: Record<string, string> | null): string[] {
  if (!previous) return [...steps];
  return steps.filter((s) => previous[s] !== now.stepHashes[s]);
}
