/** SQL of the companies table (migration 0004): trigram name search, lookup by id, batch upsert. */
import type { Db } from '../../db';
import type { CompanyItem, CompanyPage, CompanySearchQuery } from './types';

/** Escapes LIKE wildcards so the user's word is matched literally. */
const likeLiteral = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Least word similarity of a fuzzy match (measured on the seed: typos score 0.74-0.81, phrases sharing one common word 0.65). */
const FUZZY_MIN = 0.7;

/**
 * Names (Chinese or English) containing the word, case-insensitive, plus, for words of 3 or more characters
 * (trigrams need 3), names whose words are similar to it (pg_trgm word similarity ≥ FUZZY_MIN: typos, missing spaces). Ranked: exact name, then names starting with the word, then containing it,
 * then by similarity; shorter names first among equals.
 */
export async function searchCompanies(db: Db, query: CompanySearchQuery): Promise<CompanyPage> {
  const word = query.word;
  const lower = word.toLowerCase();
  const contains = `%${likeLiteral(word)}%`;
  const prefix = `${likeLiteral(lower)}%`;
  const fuzzy = [...word].length >= 3;
  const offset = (query.pageNum - 1) * query.pageSize;
  // `<%` finds candidates through the trigram index (word similarity ≥ 0.6); the recheck at FUZZY_MIN drops phrases that share only a common word
  const similar = (col: string) => `($1 <% ${col} AND word_similarity($1, ${col}) >= ${FUZZY_MIN})`;
  const where = `(name ILIKE $2 OR name_en ILIKE $2${fuzzy ? ` OR ${similar('name')} OR ${similar('name_en')}` : ''})`;
  const { rows } = await db.query<{ id: string; name: string; reg_location: string; total: number }>(
    `SELECT id, name, reg_location, count(*) OVER ()::int AS total
       FROM companies
      WHERE ${where}
      ORDER BY CASE WHEN lower(name) = $3 OR lower(name_en) = $3 THEN 0
                    WHEN lower(name) LIKE $4 OR lower(name_en) LIKE $4 THEN 1
                    WHEN name ILIKE $2 OR name_en ILIKE $2 THEN 2
                    ELSE 3 END,
               greatest(word_similarity($1, name), word_similarity($1, name_en)) DESC,
               length(name), id
      LIMIT $5 OFFSET $6`,
    [word, contains, lower, prefix, query.pageSize, offset],
  );
  let total = rows[0]?.total ?? 0;
  if (!rows.length && offset > 0) {
    // past the last page: the window count has no row to ride on
    const counted = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM companies WHERE $1::text IS NOT NULL AND ${where}`, [word, contains]);
    total = counted.rows[0].n;
  }
  return { items: rows.map((r) => ({ id: r.id, name: r.name, regLocation: r.reg_location })), total };
}

export async function findCompany(db: Db, id: string): Promise<CompanyItem | null> {
  const { rows } = await db.query<{ id: string; name: string; reg_location: string }>('SELECT id, name, reg_location FROM companies WHERE id = $1', [id]);
  return rows[0] ? { id: rows[0].id, name: rows[0].name, regLocation: rows[0].reg_location } : null;
}

export async function countCompanies(db: Db): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM companies');
  return rows[0].n;
}

export interface CompanyRow {
  id: string;
  name: string;
  nameEn: string;
  regLocation: string;
  source: string;
}

/**
 * Inserts or updates rows in one statement (unnest of column arrays); ids must be distinct within a batch.
 * `onlyNew`: existing ids are left alone (the start-up seed). Returns how many rows were new and updated.
 */
export async function upsertCompanies(db: Db, rows: CompanyRow[], opts: { onlyNew?: boolean } = {}): Promise<{ inserted: number; updated: number }> {
  if (!rows.length) return { inserted: 0, updated: 0 };
  const conflict = opts.onlyNew
    ? 'ON CONFLICT (id) DO NOTHING'
    : `ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, name_en = EXCLUDED.name_en, reg_location = EXCLUDED.reg_location,
         source = EXCLUDED.source, updated_at = now()`;
  const { rows: out } = await db.query<{ inserted: boolean }>(
    `INSERT INTO companies (id, name, name_en, reg_location, source)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])
     ${conflict}
     RETURNING (xmax = 0) AS inserted`,
    [rows.map((r) => r.id), rows.map((r) => r.name), rows.map((r) => r.nameEn), rows.map((r) => r.regLocation), rows.map((r) => r.source)],
  );
  const inserted = out.filter((r) => r.inserted).length;
  return { inserted, updated: out.length - inserted };
}
