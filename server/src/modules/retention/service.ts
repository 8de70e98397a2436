/**
 * KYC retention and erasure (issue 38, `ops erase-expired`): erases what the broker's retention rule
 * (src/core/domain/retention.ts, KYC_RETENTION_YEARS and KYC_DRAFT_DAYS) lets go, and records every erasure in the
 * `erasures` table. Never an opened client's records, never an application under review.
 *
 * Per application: its stored files are removed from the store first (removing an absent object is no error), then
 * its rows go in one transaction with the erasure's record. A failure leaves the rows in place (reported; the next run
 * tries again), so nothing is recorded as erased that is not. A dry run reads the same and changes nothing.
 */
import { erasureReason, RETENTION, type ErasureReason } from '@core/domain/retention';
import type { Config } from '../../config';
import type { Db } from '../../db';
import type { Clock } from '../../plugins/context';
import type { FileStorage } from '../../storage';
import * as repo from './repository';

const DAY = 24 * 3600_000;
const ACTOR = 'ops:erase-expired';

export interface RetentionDeps {
  db: Db;
  config: Pick<Config, 'retention' | 'sessionIdleMinutes'>;
  clock: Clock;
  storage: FileStorage;
}

export interface ErasedApplication {
  appId: string;
  reason: ErasureReason;
  /** when the period began: the closing, or the draft's last change (ISO) */
  since: string;
  files: number;
  bytes: number;
  /** rows deleted per table (empty on a dry run) */
  rows: Record<string, number>;
}

export interface ErasedUser {
  userId: string;
  reason: 'no-application-left';
  since: string;
  files: number;
  bytes: number;
  rows: Record<string, number>;
}

export interface ErasureReport {
  dryRun: boolean;
  at: string;
  rule: { kycYears: number; draftDays: number };
  applications: ErasedApplication[];
  users: ErasedUser[];
  /** rows past their life: login codes, SMS log, sessions, cipher sessions */
  expired: Record<string, number>;
  /** applications or users that could not be erased this time (kept whole; the next run tries again) */
  failures: Array<{ subject: string; error: string }>;
}

async function removeObjects(storage: FileStorage, files: repo.StoredFileRow[]): Promise<void> {
  for (const f of files) await storage.remove(f.storage_key);
}

const sameFiles = (a: repo.StoredFileRow[], b: repo.StoredFileRow[]) => a.length === b.length && a.every((f, i) => f.oss_id === b[i].oss_id);
const bytesOf = (files: repo.StoredFileRow[]) => files.reduce((n, f) => n + Number(f.size), 0);

export async function eraseExpired(deps: RetentionDeps, opts: { dryRun: boolean }): Promise<ErasureReport> {
  const now = new Date(deps.clock.now());
  const rule = { kycYears: deps.config.retention.kycYears, draftDays: deps.config.retention.draftDays };
  const draftBefore = new Date(now.getTime() - rule.draftDays * DAY);
  const report: ErasureReport = { dryRun: opts.dryRun, at: now.toISOString(), rule, applications: [], users: [], expired: {}, failures: [] };

  // ---- applications: closed past the retention period, drafts abandoned
  for (const c of await repo.candidates(deps.db, draftBefore)) {
    const reason = erasureReason(
      {
        applyStatus: c.apply_status,
        clientStatus: c.client_status,
        subAcctId: c.sub_acct_id,
        submittedAt: c.submitted_at,
        updatedAt: new Date(c.updated_at),
        closedAt: c.closed_at ? new Date(c.closed_at) : null,
        userOpened: c.user_opened,
        amlHit: c.aml_hit,
      },
      now,
      rule,
    );
    if (!reason) continue;
    const since = new Date(reason === 'closed-past-retention' ? (c.closed_at ?? c.updated_at) : c.updated_at).toISOString();
    const files = await repo.filesOfApplication(deps.db, c.app_id);
    const entry: ErasedApplication = { appId: c.app_id, reason, since, files: files.length, bytes: bytesOf(files), rows: {} };
    if (opts.dryRun) {
      report.applications.push(entry);
      continue;
    }
    try {
      await removeObjects(deps.storage, files);
      entry.rows = await deps.db.transaction(async (tx) => {
        const locked = await repo.lockApplication(tx, c.app_id);
        if (!locked || new Date(locked.updated_at).getTime() !== new Date(c.updated_at).getTime() || locked.apply_status !== c.apply_status) {
          throw new Error('the application changed while it was being erased');
        }
        // a file added meanwhile has bytes that were not removed: leave everything for the next run
        if (!sameFiles(await repo.filesOfApplication(tx, c.app_id), files)) throw new Error('its files changed while it was being erased');
        const rows = await repo.deleteApplication(tx, c.app_id, files.map((f) => f.oss_id));
        await repo.recordErasure(tx, { at: now, actor: ACTOR, kind: 'application', subject: c.app_id, reason, rule: { ...rule, since }, erased: { rows, files: files.length, bytes: entry.bytes } });
        return rows;
      });
      report.applications.push(entry);
    } catch (err) {
      report.failures.push({ subject: c.app_id, error: (err as Error).message });
    }
  }

  // ---- applicants' logins left with nothing (no application, no account) and unused for the draft period
  for (const u of await repo.idleUsers(deps.db, draftBefore)) {
    const since = new Date(u.last_seen).toISOString();
    const files = await repo.filesOfUser(deps.db, u.id);
    const entry: ErasedUser = { userId: u.id, reason: 'no-application-left', since, files: files.length, bytes: bytesOf(files), rows: {} };
    if (opts.dryRun) {
      report.users.push(entry);
      continue;
    }
    try {
      await removeObjects(deps.storage, files);
      entry.rows = await deps.db.transaction(async (tx) => {
        if (!(await repo.lockIdleUser(tx, u.id, new Date(u.last_seen)))) throw new Error('the user logged in or started an application meanwhile');
        if (!sameFiles(await repo.filesOfUser(tx, u.id), files)) throw new Error('their files changed while they were being erased');
        const rows = await repo.deleteUser(tx, u.id);
        await repo.recordErasure(tx, { at: now, actor: ACTOR, kind: 'user', subject: u.id, reason: entry.reason, rule: { ...rule, since }, erased: { rows, files: files.length, bytes: entry.bytes } });
        return rows;
      });
      report.users.push(entry);
    } catch (err) {
      report.failures.push({ subject: u.id, error: (err as Error).message });
    }
  }

  // ---- rows past their life
  const limits = { codesBefore: new Date(now.getTime() - RETENTION.loginCodeDays * DAY), now, idleBefore: new Date(now.getTime() - deps.config.sessionIdleMinutes * 60_000) };
  if (opts.dryRun) report.expired = await repo.expiredCounts(deps.db, limits);
  else {
    report.expired = await deps.db.transaction(async (tx) => {
      const rows = await repo.deleteExpired(tx, limits);
      if (Object.values(rows).some((n) => n > 0)) {
        await repo.recordErasure(tx, { at: now, actor: ACTOR, kind: 'expired', subject: null, reason: 'expired', rule: { loginCodeDays: RETENTION.loginCodeDays, sessionIdleMinutes: deps.config.sessionIdleMinutes }, erased: { rows } });
      }
      return rows;
    });
  }
  return report;
}
