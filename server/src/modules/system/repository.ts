import type { Db } from '../../db';

export async function ping(db: Db): Promise<void> {
  await db.query('SELECT 1 AS ok');
}
