/** SQL of the watch list (aml_watchlist, migration 0006): candidate lookup, count, batch upsert, replacement of a list. */
import type { Db } from '../../db';
import type { WatchEntry } from './match';

export interface WatchRow extends WatchEntry {
  matchKeys: string[];
  /** ISO 3166-1 alpha-2 or null */
  country: string | null;
  /** YYYY-MM-DD or null */
  listedAt: string | null;
}

interface DbEntry {
  source: string;
  id: string;
  full_name: string;
  aliases: string[];
  birth_date: string | null;
}

/**
 * The entries that may match: those sharing a key with the applicant, and those listed with the applicant's birth
 * date (near names are looked for among them). Which of them match is decided by match.ts.
 */
export async function watchCandidates(db: Db, keys: string[], birthday: string): Promise<WatchEntry[]> {
  const { rows } = await db.query<DbEntry>(
    `SELECT source, id, full_name, aliases, to_char(birth_date, 'YYYY-MM-DD') AS birth_date
       FROM aml_watchlist
      WHERE match_keys && $1::text[] OR birth_date = $2::date
      ORDER BY source, id`,
    [keys, birthday],
  );
  return rows.map((r) => ({ source: r.source, id: r.id, fullName: r.full_name, aliases: r.aliases, birthDate: r.birth_date }));
}

export async function countWatchlist(db: Db, source?: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM aml_watchlist WHERE $1::text IS NULL OR source = $1', [source ?? null]);
  return rows[0].n;
}

/**
 * Inserts or updates rows of one source in one statement (arrays unnested; aliases and keys travel as JSON arrays);
 * ids must be distinct within a batch. `onlyNew`: existing ids are left alone (the start-up seed).
 */
export async function upsertWatchEntries(db: Db, rows: WatchRow[], opts: { onlyNew?: boolean } = {}): Promise<{ inserted: number; updated: number }> {
  if (!rows.length) return { inserted: 0, updated: 0 };
  const conflict = opts.onlyNew
    ? 'ON CONFLICT (source, id) DO NOTHING'
    : `ON CONFLICT (source, id) DO UPDATE SET full_name = EXCLUDED.full_name, aliases = EXCLUDED.aliases, match_keys = EXCLUDED.match_keys,
         birth_date = EXCLUDED.birth_date, country = EXCLUDED.country, listed_at = EXCLUDED.listed_at, imported_at = now()`;
  const { rows: out } = await db.query<{ inserted: boolean }>(
    `INSERT INTO aml_watchlist (source, id, full_name, aliases, match_keys, birth_date, country, listed_at)
     SELECT u.source, u.id, u.full_name,
            ARRAY(SELECT jsonb_array_elements_text(u.aliases::jsonb)),
            ARRAY(SELECT jsonb_array_elements_text(u.match_keys::jsonb)),
            u.birth_date::date, u.country, u.listed_at::date
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])
            AS u(source, id, full_name, aliases, match_keys, birth_date, country, listed_at)
     ${conflict}
     RETURNING (xmax = 0) AS inserted`,
    [
      rows.map((r) => r.source),
      rows.map((r) => r.id),
      rows.map((r) => r.fullName),
      rows.map((r) => JSON.stringify(r.aliases)),
      rows.map((r) => JSON.stringify(r.matchKeys)),
      rows.map((r) => r.birthDate),
      rows.map((r) => r.country),
      rows.map((r) => r.listedAt),
    ],
  );
  const inserted = out.filter((r) => r.inserted).length;
  return { inserted, updated: out.length - inserted };
}

/** Deletes the entries of a source whose ids are not in `keep`; returns how many went. */
export async function deleteWatchEntriesExcept(db: Db, source: string, keep: string[]): Promise<number> {
  const { rows } = await db.query<{ id: string }>('DELETE FROM aml_watchlist WHERE source = $1 AND NOT (id = ANY($2::text[])) RETURNING id', [source, keep]);
  return rows.length;
}
