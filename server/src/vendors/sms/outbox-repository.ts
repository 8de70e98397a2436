import type { Db } from '../../db';

export async function insertOutbox(db: Db, m: { areaCode: string; phone: string; body: string; code: string; sentAt: Date }): Promise<void> {
  await db.query('INSERT INTO sms_outbox (area_code, phone, body, code, sent_at) VALUES ($1, $2, $3, $4, $5)', [m.areaCode, m.phone, m.body, m.code, m.sentAt]);
}

export async function latestOutboxCode(db: Db, areaCode: string, phone: string): Promise<{ code: string; sentAt: Date } | null> {
  const { rows } = await db.query<{ code: string; sent_at: Date }>(
    'SELECT code, sent_at FROM sms_outbox WHERE area_code = $1 AND phone = $2 ORDER BY id DESC LIMIT 1',
    [areaCode, phone],
  );
  return rows[0] ? { code: rows[0].code, sentAt: rows[0].sent_at } : null;
}
