/** SQL of the generated documents: the stored file of a document for a state of the data, the risk track heard, the certificates of completion kept. No business rules here. */
import type { Db } from '../../db';

export async function storedDocument(db: Db, appId: string, document: string, dataHash: string): Promise<string | null> {
  const { rows } = await db.query<{ oss_id: string }>('SELECT oss_id FROM application_documents WHERE app_id = $1 AND document = $2 AND data_hash = $3', [appId, document, dataHash]);
  return rows[0]?.oss_id ?? null;
}

export async function saveDocument(db: Db, appId: string, document: string, dataHash: string, ossId: string): Promise<void> {
  await db.query(
    'INSERT INTO application_documents (app_id, document, data_hash, oss_id) VALUES ($1, $2, $3, $4) ON CONFLICT (app_id, document, data_hash) DO UPDATE SET oss_id = $4',
    [appId, document, dataHash, ossId],
  );
}

/** The risk track of the application's RISK step and when the application confirmed it (null: not confirmed). */
export async function heardTrack(db: Db, appId: string, trackId: string): Promise<{ lang: string; name: string; license: string; confirmed_at: Date | null } | null> {
  const { rows } = await db.query<{ lang: string; name: string; license: string; confirmed_at: Date | null }>(
    `SELECT t.lang, t.name, t.license, c.confirmed_at
       FROM risk_tracks t LEFT JOIN risk_confirms c ON c.track_id = t.id AND c.app_id = $1
      WHERE t.id = $2`,
    [appId, trackId],
  );
  return rows[0] ?? null;
}

/** The certificate of completion kept for a submission in a language. */
export async function storedCertificate(db: Db, appId: string, lang: string, submittedAt: Date): Promise<{ oss_id: string; sha256: string } | null> {
  const { rows } = await db.query<{ oss_id: string; sha256: string }>('SELECT oss_id, sha256 FROM completion_certificates WHERE app_id = $1 AND lang = $2 AND submitted_at = $3', [appId, lang, submittedAt]);
  return rows[0] ?? null;
}

/** Forgets a kept certificate whose file is gone (made again then). */
export async function forgetCertificate(db: Db, appId: string, lang: string, submittedAt: Date, ossId: string): Promise<void> {
  await db.query('DELETE FROM completion_certificates WHERE app_id = $1 AND lang = $2 AND submitted_at = $3 AND oss_id = $4', [appId, lang, submittedAt, ossId]);
}

/** Keeps a certificate unless one is kept for the submission and language already (then null: the first one stays). */
export async function saveCertificate(db: Db, c: { appId: string; lang: string; submittedAt: Date; ossId: string; sha256: string; at: Date }): Promise<{ oss_id: string; sha256: string } | null> {
  const { rows } = await db.query<{ oss_id: string; sha256: string }>(
    `INSERT INTO completion_certificates (app_id, lang, submitted_at, oss_id, sha256, created_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (app_id, lang, submitted_at) DO NOTHING RETURNING oss_id, sha256`,
    [c.appId, c.lang, c.submittedAt, c.ossId, c.sha256, c.at],
  );
  return rows[0] ?? null;
}
