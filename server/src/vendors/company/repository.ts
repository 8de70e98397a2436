/** SQL of the companies table (migrations 0004, 0030): trigram name search, lookup by id, batch upsert. */
import type { Db } from '../../db';
import type { CompanyPage, CompanyRecord, CompanySearchQuery } from './types';

/** Escapes LIKE wildcards so the user's word is matched literally. */
const likeLiteral = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Least word similarity of a fuzzy match (measured on the seed: typos score 0.74-0.81, phrases sharing one common word 0.65). */
const FUZZY_MIN = 0.7;

/**
 * Names (Chinese or English) containing one of the word's forms (as typed, simplified, traditional: `forms`, the word
 * first), case-insensitive, plus, for words of 3 or more characters (trigrams need 3), names whose words are similar to
 * the word as typed (pg_trgm word similarity ≥ FUZZY_MIN: typos, missing spaces). Ranked: exact name, then names
 * starting with a form, then containing one, then by similarity; shorter names first among equals.
 */
export async function searchCompanies(db: Db, query: CompanySearchQuery & { forms: string[] }): Promise<CompanyPage> {
  const word = query.word;
  const forms = query.forms.length ? query.forms : [word];
  const lower = forms.map((f) => f.toLowerCase());
  const contains = forms.map((f) => `%${likeLiteral(f)}%`);
  const prefix = lower.map((f) => `${likeLiteral(f)}%`);
  const fuzzy = [...word].length >= 3;
  const offset = (query.pageNum - 1) * query.pageSize;
  // `<%` finds candidates through the trigram index (word similarity ≥ 0.6); the recheck at FUZZY_MIN drops phrases that share only a common word
  const similar = (col: string) => `($1 <% ${col} AND word_similarity($1, ${col}) >= ${FUZZY_MIN})`;
  const where = `(name ILIKE ANY($2::text[]) OR name_en ILIKE ANY($2::text[])${fuzzy ? ` OR ${similar('name')} OR ${similar('name_en')}` : ''})`;
  const { rows } = await db.query<RecordRow & { total: number }>(
    `SELECT ${RECORD_COLUMNS}, count(*) OVER ()::int AS total
       FROM companies
      WHERE ${where}
      ORDER BY CASE WHEN lower(name) = ANY($3::text[]) OR lower(name_en) = ANY($3::text[]) THEN 0
                    WHEN lower(name) LIKE ANY($4::text[]) OR lower(name_en) LIKE ANY($4::text[]) THEN 1
                    WHEN name ILIKE ANY($2::text[]) OR name_en ILIKE ANY($2::text[]) THEN 2
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
  return { items: rows.map(recordOf), total };
}

const RECORD_COLUMNS = 'id, name, name_en, reg_location, reg_location_en';
interface RecordRow {
  id: string;
  name: string;
  name_en: string;
  reg_location: string;
  reg_location_en: string;
}
const recordOf = (r: RecordRow): CompanyRecord => ({ id: r.id, name: r.name, nameEn: r.name_en, regLocation: r.reg_location, regLocationEn: r.reg_location_en });

export async function findCompany(db: Db, id: string): Promise<CompanyRecord | null> {
  const { rows } = await db.query<RecordRow>(`SELECT ${RECORD_COLUMNS} FROM companies WHERE id = $1`, [id]);
  return rows[0] ? recordOf(rows[0]) : null;
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
  regLocationEn: string;
  source: string;
}

/** Whether the table holds a company that the shipped seed did not put there (an operator's import). */
export async function hasImportedCompanies(db: Db): Promise<boolean> {
  const { rows } = await db.query<{ found: boolean }>("SELECT EXISTS (SELECT 1 FROM companies WHERE source <> 'seed') AS found");
  return rows[0].found;
}

/**
 * Inserts or updates rows in one statement (unnest of column arrays); ids must be distinct within a batch.
 * `onlyNew`: existing ids are left alone. `seedOnly`: existing ids are updated only where the seed put them and
 * something differs (the start-up seed refreshing its own rows). Returns how many rows were new and updated.
 */
export async function upsertCompanies(db: Db, rows: CompanyRow[], opts: { onlyNew?: boolean; seedOnly?: boolean } = {}): Promise<{ inserted: number; updated: number }> {
  if (!rows.length) return { inserted: 0, updated: 0 };
  const set = `name = EXCLUDED.name, name_en = EXCLUDED.name_en, reg_location = EXCLUDED.reg_location, reg_location_en = EXCLUDED.reg_location_en,
         source = EXCLUDED.source, updated_at = now()`;
  const conflict = opts.onlyNew
    ? 'ON CONFLICT (id) DO NOTHING'
    : opts.seedOnly
      ? `ON CONFLICT (id) DO UPDATE SET ${set}
           WHERE companies.source = 'seed'
             AND (companies.name, companies.name_en, companies.reg_location, companies.reg_location_en)
                 IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.name_en, EXCLUDED.reg_location, EXCLUDED.reg_location_en)`
      : `ON CONFLICT (id) DO UPDATE SET ${set}`;
  const { rows: out } = await db.query<{ inserted: boolean }>(
    `INSERT INTO companies (id, name, name_en, reg_location, reg_location_en, source)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
     ${conflict}
     RETURNING (xmax = 0) AS inserted`,
    [rows.map((r) => r.id), rows.map((r) => r.name), rows.map((r) => r.nameEn), rows.map((r) => r.regLocation), rows.map((r) => r.regLocationEn), rows.map((r) => r.source)],
  );
  const inserted = out.filter((r) => r.inserted).length;
  return { inserted, updated: out.length - inserted };
}
