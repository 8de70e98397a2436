/**
 * SQL of the signing evidence (migrations 0039, 0040): where and on what an applicant signed and submitted and an
 * organisation's signer signed (signing_evidence), and the agreements an applicant agreed to as served
 * (signed_agreements). No business rules here.
 */
import type { Db } from '../../db';
import { lastEntryAt } from '../../db/audit';
import type { ClientEvidence } from '../../plugins/client-evidence';

export type EvidenceEvent = 'signature' | 'submit';

export interface EvidenceRow {
  event: EvidenceEvent;
  country: string;
  region: string;
  browser: string;
  os: string;
  lang: string;
  at: Date;
}

/** One row of signing_evidence: an application's signature or submission, or an organisation signer's signing (ticket). */
export async function insertEvidence(db: Db, of: { appId: string; event: EvidenceEvent } | { ticketId: string; event: 'orgSign' }, e: ClientEvidence, at: Date): Promise<void> {
  await db.query('INSERT INTO signing_evidence (app_id, ticket_id, event, country, region, browser, os, lang, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)', [
    'appId' in of ? of.appId : null,
    'ticketId' in of ? of.ticketId : null,
    of.event,
    e.country,
    e.region,
    e.browser,
    e.os,
    e.lang,
    at,
  ]);
}

/** The application's latest row of the event at or before `until` (null: none recorded, e.g. signed before migration 0039). */
export async function latestEvidence(db: Db, appId: string, event: EvidenceEvent, until: Date): Promise<EvidenceRow | null> {
  const { rows } = await db.query<EvidenceRow>(
    'SELECT event, country, region, browser, os, lang, at FROM signing_evidence WHERE app_id = $1 AND event = $2 AND at <= $3 ORDER BY at DESC, id DESC LIMIT 1',
    [appId, event, until],
  );
  return rows[0] ?? null;
}

export interface TicketEvidenceRow {
  country: string;
  region: string;
  browser: string;
  os: string;
  at: Date;
}

/** The ticket's latest signing evidence (null: none recorded). */
export async function ticketEvidence(db: Db, ticketId: string): Promise<TicketEvidenceRow | null> {
  const { rows } = await db.query<TicketEvidenceRow>('SELECT country, region, browser, os, at FROM signing_evidence WHERE ticket_id = $1 ORDER BY at DESC, id DESC LIMIT 1', [ticketId]);
  return rows[0] ?? null;
}

export interface SignedAgreementRow {
  agreement: string;
  file_name: string;
  lang: string;
  sha256: string;
  at: Date;
}

/** The agreements of one full save of the SIGN step, as served. */
export async function insertSignedAgreements(db: Db, appId: string, rows: Omit<SignedAgreementRow, 'at'>[], at: Date): Promise<void> {
  for (const r of rows) {
    await db.query('INSERT INTO signed_agreements (app_id, agreement, file_name, lang, sha256, at) VALUES ($1, $2, $3, $4, $5, $6)', [appId, r.agreement, r.file_name, r.lang, r.sha256, at]);
  }
}

/** The agreements recorded by the application's last full SIGN save at or before `until`, in the order saved (none: not recorded). */
export async function signedAgreements(db: Db, appId: string, until: Date): Promise<SignedAgreementRow[]> {
  const { rows } = await db.query<SignedAgreementRow>(
    `SELECT agreement, file_name, lang, sha256, at FROM signed_agreements
      WHERE app_id = $1 AND at = (SELECT max(at) FROM signed_agreements WHERE app_id = $1 AND at <= $2)
      ORDER BY id`,
    [appId, until],
  );
  return rows;
}

/** When the application's step was last saved in full at or before `until` (its audit entry step.save, written with the save; null: never). */
export const stepSavedAt = (db: Db, appId: string, step: string, until: Date): Promise<Date | null> => lastEntryAt(db, { appId, action: 'step.save', step }, until);
