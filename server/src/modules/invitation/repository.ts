import type { Db } from '../../db';

export async function upsertRelation(db: Db, userId: string, code: string, stage: string, at: Date): Promise<void> {
  await db.query(
    'INSERT INTO invitation_relations (user_id, code, stage, updated_at) VALUES ($1, $2, $3, $4) ON CONFLICT (user_id) DO UPDATE SET code = EXCLUDED.code, stage = EXCLUDED.stage, updated_at = EXCLUDED.updated_at',
    [userId, code, stage, at],
  );
}

export async function relationOf(db: Db, userId: string): Promise<{ code: string; stage: string; updated_at: Date } | undefined> {
  const { rows } = await db.query<{ code: string; stage: string; updated_at: Date }>('SELECT code, stage, updated_at FROM invitation_relations WHERE user_id = $1', [userId]);
  return rows[0];
}
