/** The HK investor identifier consents and the BCAN sequence (migration 0022). */
import type { Db } from '../../db';

export interface ConsentRow {
  clt_id: string;
  user_id: string;
  sub_acct_id: string;
  bcan: string;
  version: string;
  lang: string;
  text_sha256: string;
  channel: string;
  signed_at: Date;
}

const CONSENT_COLUMNS = 'clt_id, user_id, sub_acct_id, bcan::text AS bcan, version, lang, text_sha256, channel, signed_at';

export async function consentOf(db: Db, cltId: string): Promise<ConsentRow | undefined> {
  const { rows } = await db.query<ConsentRow>(`SELECT ${CONSENT_COLUMNS} FROM hk_identifier_consents WHERE clt_id = $1`, [cltId]);
  return rows[0];
}

/** Records the client's consent with a new BCAN; undefined when the client has one already (a concurrent signature). */
export async function insertConsent(db: Db, c: Omit<ConsentRow, 'bcan'>): Promise<ConsentRow | undefined> {
  const { rows } = await db.query<ConsentRow>(
    `INSERT INTO hk_identifier_consents (clt_id, user_id, sub_acct_id, bcan, version, lang, text_sha256, channel, signed_at)
     VALUES ($1, $2, $3, nextval('hk_bcan_seq'), $4, $5, $6, $7, $8)
     ON CONFLICT (clt_id) DO NOTHING
     RETURNING ${CONSENT_COLUMNS}`,
    [c.clt_id, c.user_id, c.sub_acct_id, c.version, c.lang, c.text_sha256, c.channel, c.signed_at],
  );
  return rows[0];
}

/** Marks every account of the client (of this user) signed; the sub-accounts changed. */
export async function markClientSigned(db: Db, userId: string, cltId: string, value: number): Promise<string[]> {
  const { rows } = await db.query<{ sub_acct_id: string }>(
    'UPDATE accounts SET need_sign_hk_identifier = $3 WHERE user_id = $1 AND clt_id = $2 RETURNING sub_acct_id',
    [userId, cltId, value],
  );
  return rows.map((r) => r.sub_acct_id);
}
