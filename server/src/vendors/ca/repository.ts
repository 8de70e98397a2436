/** The local certificate authority's root in the database (migration 0027): one row, written once. */
import type { Db } from '../../db';

export interface CaRootRow {
  certificate: Uint8Array;
  key_sealed: Uint8Array;
  origin: 'created' | 'imported';
}

export async function findCaRoot(db: Db): Promise<CaRootRow | null> {
  const { rows } = await db.query<CaRootRow>('SELECT certificate, key_sealed, origin FROM signing_ca WHERE id = 1');
  return rows[0] ?? null;
}

/** Stores the root unless one is there already (another process's, made at the same time); true when this one was stored. */
export async function insertCaRootIfMissing(db: Db, row: { certificate: Buffer; keySealed: Buffer; origin: CaRootRow['origin'] }): Promise<boolean> {
  const { rows } = await db.query('INSERT INTO signing_ca (id, certificate, key_sealed, origin) VALUES (1, $1, $2, $3) ON CONFLICT (id) DO NOTHING RETURNING id', [
    row.certificate,
    row.keySealed,
    row.origin,
  ]);
  return rows.length === 1;
}
