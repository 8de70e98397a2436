/**
 * Watch-list CSV import (ops `aml-import`, and the start-up seed). The whole file is read and checked first, then
 * written in one transaction (batches of IMPORT_BATCH rows, one unnest() insert each), so that a list is never
 * half replaced.
 *
 * The file: UTF-8 (a BOM is skipped), RFC 4180 quoting (commas, quotes "" and line breaks inside quoted fields),
 * a header naming the columns in any order: id, name (required), aliases, birth_date, country, listed_at (optional;
 * no other columns). Rows:
 * - id: the entry's reference in its list, 1-64 letters, digits or . _ / : - (starting with a letter or digit);
 * - name: the name as listed, 1-200 characters, Chinese characters or Latin letters (something to match on);
 * - aliases: other names separated by ";" (at most 50, each 1-200 characters);
 * - birth_date, listed_at: YYYY-MM-DD or empty (no birth date: the entry matches on the name alone);
 * - country: ISO 3166-1 alpha-2 (any case) or empty.
 * A bad row is reported with its line number. Without `replace` it is skipped and the other rows are imported;
 * with `replace` (the file is the whole list `source`: its entries not in the file are deleted) nothing changes.
 * Within one file a repeated id keeps its last row.
 */
import type { Db } from '../../db';
import { clean, readCsvRows, type CsvLayout } from '../../vendors/csv';
import { entryKeys } from './match';
import { deleteWatchEntriesExcept, upsertWatchEntries, type WatchRow } from './watchlist-repository';

export const IMPORT_BATCH = 1000;
export const ALIAS_SEPARATOR = ';';
export const MAX_ALIASES = 50;
const COLUMNS = ['id', 'name', 'aliases', 'birth_date', 'country', 'listed_at'] as const;
type Column = (typeof COLUMNS)[number];
const REQUIRED: Column[] = ['id', 'name'];
const ID = /^[A-Za-z0-9][A-Za-z0-9._/:-]{0,63}$/;
export const SOURCE = /^[A-Za-z0-9._-]{1,32}$/;
const NAME_MAX = 200;

export class AmlImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AmlImportError';
  }
}

const LAYOUT: CsvLayout<Column> = { columns: COLUMNS, required: REQUIRED, error: AmlImportError };

export interface AmlImportReport {
  source: string;
  /** data rows read (header excluded, blank lines skipped) */
  rows: number;
  inserted: number;
  updated: number;
  /** rows left alone because their id exists (onlyNew imports: the seed) */
  unchanged: number;
  /** entries of the source deleted because the file (with replace) no longer lists them */
  removed: number;
  rejected: number;
  /** false when nothing was written (a replace with rejected rows) */
  applied: boolean;
  /** the first rejected rows: line number in the file (header = 1) and the reason */
  errors: { line: number; message: string }[];
}

export interface AmlImportOptions {
  /** the list's name, stored with each entry (default 'import') */
  source?: string;
  /** the file is the whole list: entries of the source it does not name are deleted; any bad row stops the import */
  replace?: boolean;
  /** leave existing ids as they are (the start-up seed) */
  onlyNew?: boolean;
}

/** YYYY-MM-DD naming a real day. */
export function isCalendarDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** A checked row, or the reason it is refused. */
function rowOf(get: (c: Column) => string, source: string): WatchRow | string {
  const id = get('id');
  const fullName = get('name');
  const aliasText = get('aliases');
  const aliases = aliasText ? aliasText.split(ALIAS_SEPARATOR).map(clean) : [];
  const birthDate = get('birth_date');
  const country = get('country').toUpperCase();
  const listedAt = get('listed_at');
  if (!ID.test(id)) return 'id: 1-64 letters, digits or . _ / : - (starting with a letter or digit)';
  if (!fullName || [...fullName].length > NAME_MAX) return `name: required, at most ${NAME_MAX} characters`;
  if (aliases.length > MAX_ALIASES) return `aliases: at most ${MAX_ALIASES}`;
  if (aliases.some((a) => !a || [...a].length > NAME_MAX)) return `aliases: each 1-${NAME_MAX} characters, separated by "${ALIAS_SEPARATOR}"`;
  if (birthDate && !isCalendarDate(birthDate)) return 'birth_date: YYYY-MM-DD or empty';
  if (country && !/^[A-Z]{2}$/.test(country)) return 'country: a two-letter country code or empty';
  if (listedAt && !isCalendarDate(listedAt)) return 'listed_at: YYYY-MM-DD or empty';
  const matchKeys = entryKeys({ fullName, aliases });
  if (!matchKeys.length) return 'name: no Latin letters or Chinese characters to match on';
  return { source, id, fullName, aliases, matchKeys, birthDate: birthDate || null, country: country || null, listedAt: listedAt || null };
}

/** Imports a watch-list CSV file; throws AmlImportError for a bad header, a bad source name or an unreadable file. */
export async function importWatchlistCsv(db: Db, file: string, opts: AmlImportOptions = {}): Promise<AmlImportReport> {
  const source = opts.source ?? 'import';
  if (!SOURCE.test(source)) throw new AmlImportError('--source: 1-32 letters, digits or . _ -');
  const report: AmlImportReport = { source, rows: 0, inserted: 0, updated: 0, unchanged: 0, removed: 0, rejected: 0, applied: false, errors: [] };
  const entries = new Map<string, WatchRow>();
  await readCsvRows(
    file,
    LAYOUT,
    report,
    (get) => rowOf(get, source),
    (row) => {
      entries.delete(row.id); // a repeated id keeps its last row
      entries.set(row.id, row);
    },
  );
  if (opts.replace && report.rejected) return report;

  const rows = [...entries.values()];
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += IMPORT_BATCH) {
      const batch = rows.slice(i, i + IMPORT_BATCH);
      const done = await upsertWatchEntries(tx, batch, { onlyNew: opts.onlyNew });
      report.inserted += done.inserted;
      report.updated += done.updated;
      report.unchanged += batch.length - done.inserted - done.updated;
    }
    if (opts.replace) report.removed = await deleteWatchEntriesExcept(tx, source, [...entries.keys()]);
  });
  report.applied = true;
  return report;
}
