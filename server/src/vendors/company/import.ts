/**
 * Company CSV import (ops `companies-import`, and the start-up seed): read as a stream, checked row by row,
 * upserted in batches of IMPORT_BATCH rows with one unnest() insert each.
 *
 * The file: UTF-8 (a BOM is skipped), RFC 4180 quoting (commas, quotes "" and line breaks inside quoted
 * fields), a header naming the columns in any order: id, name (required), name_en, reg_location, reg_location_en,
 * source (optional; no other columns). Rows: id 1-64 of letters, digits and - _ . / ; name 1-200 characters;
 * name_en up to 200; reg_location and reg_location_en (the location in English) up to 500; source up to 32 (else the
 * import's vendor name).
 * A bad row is reported with its line number and skipped; the other rows are imported.
 * Within one file a repeated id keeps its last row.
 */
import type { Db } from '../../db';
import { readCsvRows, type CsvLayout } from '../csv';
import { upsertCompanies, type CompanyRow } from './repository';

export const IMPORT_BATCH = 1000;
const COLUMNS = ['id', 'name', 'name_en', 'reg_location', 'reg_location_en', 'source'] as const;
type Column = (typeof COLUMNS)[number];
const REQUIRED: Column[] = ['id', 'name'];
const ID = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,63}$/;

export class CompanyImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CompanyImportError';
  }
}

const LAYOUT: CsvLayout<Column> = { columns: COLUMNS, required: REQUIRED, error: CompanyImportError };

export interface ImportReport {
  /** data rows read (header excluded, blank lines skipped) */
  rows: number;
  inserted: number;
  updated: number;
  /** rows left alone because their id exists (onlyNew imports) or nothing changed (the seed) */
  unchanged: number;
  rejected: number;
  /** the first rejected rows: line number in the file (header = 1) and the reason */
  errors: { line: number; message: string }[];
}

/** A checked row, or the reason it is refused. */
function rowOf(get: (c: Column) => string, source: string): CompanyRow | string {
  const row: CompanyRow = {
    id: get('id'),
    name: get('name'),
    nameEn: get('name_en'),
    regLocation: get('reg_location'),
    regLocationEn: get('reg_location_en'),
    source: get('source') || source,
  };
  if (!ID.test(row.id)) return 'id: 1-64 letters, digits or . _ / - (starting with a letter or digit)';
  if (!row.name || [...row.name].length > 200) return 'name: required, at most 200 characters';
  if ([...row.nameEn].length > 200) return 'name_en: at most 200 characters';
  if ([...row.regLocation].length > 500) return 'reg_location: at most 500 characters';
  if ([...row.regLocationEn].length > 500) return 'reg_location_en: at most 500 characters';
  if (!/^[\w.-]{1,32}$/.test(row.source)) return 'source: 1-32 letters, digits or . _ -';
  return row;
}

export interface ImportOptions {
  /** stored as each row's source unless the file has a source column (default 'import') */
  source?: string;
  /** leave existing ids as they are */
  onlyNew?: boolean;
  /** update existing ids only where the seed put them (the start-up seed refreshing its rows) */
  seedOnly?: boolean;
}

/** Imports a CSV file into the companies table; throws CompanyImportError for a bad header or an unreadable file. */
export async function importCompaniesCsv(db: Db, file: string, opts: ImportOptions = {}): Promise<ImportReport> {
  const source = opts.source ?? 'import';
  if (!/^[\w.-]{1,32}$/.test(source)) throw new CompanyImportError('--vendor: 1-32 letters, digits or . _ -');
  const report: ImportReport = { rows: 0, inserted: 0, updated: 0, unchanged: 0, rejected: 0, errors: [] };
  let batch = new Map<string, CompanyRow>();

  const flush = async () => {
    if (!batch.size) return;
    const rows = [...batch.values()];
    batch = new Map();
    const done = await upsertCompanies(db, rows, { onlyNew: opts.onlyNew, seedOnly: opts.seedOnly });
    report.inserted += done.inserted;
    report.updated += done.updated;
    report.unchanged += rows.length - done.inserted - done.updated;
  };
  await readCsvRows(
    file,
    LAYOUT,
    report,
    (get) => rowOf(get, source),
    async (row) => {
      batch.delete(row.id); // a repeated id keeps its last row (and its place at the end)
      batch.set(row.id, row);
      if (batch.size >= IMPORT_BATCH) await flush();
    },
  );
  await flush();
  return report;
}
