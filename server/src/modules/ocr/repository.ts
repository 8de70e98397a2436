/** What the OCR read from each photo (migration 0033): kept for the review desk to show beside what was saved. */
import type { Db } from '../../db';
import type { OcrKind } from '@core/domain/ocr-compare';

export async function saveReading(db: Db, r: { ossId: string; userId: string; kind: OcrKind; fields: Record<string, unknown> }, at: Date): Promise<void> {
  await db.query(
    `INSERT INTO ocr_readings (oss_id, user_id, kind, fields, read_at) VALUES ($1, $2, $3, $4::jsonb, $5)
     ON CONFLICT (oss_id) DO UPDATE SET kind = EXCLUDED.kind, fields = EXCLUDED.fields, read_at = EXCLUDED.read_at`,
    [r.ossId, r.userId, r.kind, JSON.stringify(r.fields), at],
  );
}

/** The readings of these photos of the user (another user's photo gives nothing). */
export async function readingsOf(db: Db, userId: string, ossIds: string[]): Promise<{ oss_id: string; kind: OcrKind; fields: Record<string, unknown>; read_at: Date }[]> {
  if (ossIds.length === 0) return [];
  const { rows } = await db.query<{ oss_id: string; kind: OcrKind; fields: Record<string, unknown>; read_at: Date }>(
    'SELECT oss_id, kind, fields, read_at FROM ocr_readings WHERE user_id = $1 AND oss_id = ANY($2::text[])',
    [userId, ossIds],
  );
  return rows;
}
