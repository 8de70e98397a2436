/** SQL of signing_evidence for applications (migration 0039): where and on what an applicant signed and submitted. No business rules here. */
import type { Db } from '../../db';
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

export async function insertEvidence(db: Db, appId: string, event: EvidenceEvent, e: ClientEvidence, at: Date): Promise<void> {
  await db.query('INSERT INTO signing_evidence (app_id, event, country, region, browser, os, lang, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)', [
    appId,
    event,
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
