/**
 * Company CSV import (ops `companies-import`, and the start-up seed): read as a stream, checked row by row,
 * upserted in batches of IMPORT_BATCH rows with one unnest() insert each.
 *
 * The file: UTF-8 (a BOM is skipped), RFC 4180 quoting (commas, quotes "" and line breaks inside quoted
 * fields), a header naming the columns in any order: id, name (required), name_en, reg_location, source
 * (optional; no other columns). Rows: id 1-64 of letters, digits and - _ . / ; name 1-200 characters;
 * name_en up to 200; reg_location up to 500; source up to 32 (else the import's vendor name).
 * A bad row is reported with its line number and skipped; the other rows are imported.
 * Within one file a repeated id keeps its last row.
 */
import { createReadStream } from 'node:fs';
import type { Db } from '../../db';
import { upsertCompanies, type CompanyRow } from './repository';

export const IMPORT_BATCH = 1000;
const COLUMNS = ['id', 'name', 'name_en', 'reg_location', 'source'] as const;
type Column = (typeof COLUMNS)[number];
const REQUIRED: Column[] = ['id', 'name'];
const ID = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,63}$/;
const MAX_REPORTED = 50;

export class CompanyImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CompanyImportError';
  }
}

export interface ImportReport {
  /** data rows read (header excluded, blank lines skipped) */
  rows: number;
  inserted: number;
  updated: number;
  /** rows left alone because their id exists (onlyNew imports: the seed) */
  unchanged: number;
  rejected: number;
  /** the first rejected rows: line number in the file (header = 1) and the reason */
  errors: { line: number; message: string }[];
}

/** Splits CSV text into records (each with the line it started on), keeping state across chunks. */
export class CsvReader {
  private field = '';
  private record: string[] = [];
  private quoted = false;
  private afterQuote = false;
  private line = 1;
  private startLine = 1;
  private fieldStarted = false;
  private skipLf = false;

  /** Feeds a chunk; returns the records it completed. */
  push(chunk: string): { line: number; fields: string[] }[] {
    const out: { line: number; fields: string[] }[] = [];
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i];
      if (this.skipLf) {
        this.skipLf = false;
        if (c === '\n') continue;
      }
      if (this.quoted) {
        if (c === '"') {
          this.quoted = false;
          this.afterQuote = true;
        } else {
          if (c === '\n') this.line += 1;
          this.field += c;
        }
        continue;
      }
      if (c === '"') {
        if (this.afterQuote) {
          // "" inside a quoted field
          this.field += '"';
          this.quoted = true;
          this.afterQuote = false;
        } else if (!this.fieldStarted) {
          this.quoted = true;
          this.fieldStarted = true;
        } else this.field += c; // a stray quote inside an unquoted field is kept
        continue;
      }
      this.afterQuote = false;
      if (c === ',') {
        this.record.push(this.field);
        this.field = '';
        this.fieldStarted = false;
      } else if (c === '\n' || c === '\r') {
        if (c === '\r') this.skipLf = true; // \r\n (possibly split across chunks) ends one record
        this.record.push(this.field);
        if (!(this.record.length === 1 && this.record[0] === '')) out.push({ line: this.startLine, fields: this.record });
        this.record = [];
        this.field = '';
        this.fieldStarted = false;
        this.line += 1;
        this.startLine = this.line;
      } else {
        this.field += c;
        this.fieldStarted = true;
      }
    }
    return out;
  }

  /** The last record when the file does not end with a line break; throws on an open quote. */
  end(): { line: number; fields: string[] }[] {
    if (this.quoted) throw new CompanyImportError(`line ${this.startLine}: a quoted field is not closed`);
    if (this.fieldStarted || this.record.length || this.field) {
      this.record.push(this.field);
      const last = { line: this.startLine, fields: this.record };
      this.record = [];
      this.field = '';
      this.fieldStarted = false;
      return [last];
    }
    return [];
  }
}

function headerColumns(fields: string[]): Map<Column, number> {
  const names = fields.map((f, i) => (i === 0 ? f.replace(/^\uFEFF/, '') : f).trim().toLowerCase());
  const unknown = names.filter((n) => !(COLUMNS as readonly string[]).includes(n));
  if (unknown.length) throw new CompanyImportError(`header: unknown column(s) ${unknown.map((u) => JSON.stringify(u)).join(', ')}; allowed: ${COLUMNS.join(', ')}`);
  const dup = names.filter((n, i) => names.indexOf(n) !== i);
  if (dup.length) throw new CompanyImportError(`header: column ${JSON.stringify(dup[0])} appears twice`);
  const missing = REQUIRED.filter((c) => !names.includes(c));
  if (missing.length) throw new CompanyImportError(`header: missing column(s) ${missing.join(', ')} (expected e.g. ${COLUMNS.join(',')})`);
  return new Map(names.map((n, i) => [n as Column, i]));
}

const clean = (s: string | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

/** A checked row, or the reason it is refused. */
function rowOf(fields: string[], cols: Map<Column, number>, source: string): CompanyRow | string {
  if (fields.length !== cols.size) return `expected ${cols.size} fields, found ${fields.length}`;
  const get = (c: Column) => (cols.has(c) ? clean(fields[cols.get(c)!]) : '');
  const row: CompanyRow = { id: get('id'), name: get('name'), nameEn: get('name_en'), regLocation: get('reg_location'), source: get('source') || source };
  if (!ID.test(row.id)) return 'id: 1-64 letters, digits or . _ / - (starting with a letter or digit)';
  if (!row.name || [...row.name].length > 200) return 'name: required, at most 200 characters';
  if ([...row.nameEn].length > 200) return 'name_en: at most 200 characters';
  if ([...row.regLocation].length > 500) return 'reg_location: at most 500 characters';
  if (!/^[\w.-]{1,32}$/.test(row.source)) return 'source: 1-32 letters, digits or . _ -';
  return row;
}

export interface ImportOptions {
  /** stored as each row's source unless the file has a source column (default 'import') */
  source?: string;
  /** leave existing ids as they are (the start-up seed) */
  onlyNew?: boolean;
}

/** Imports a CSV file into the companies table; throws CompanyImportError for a bad header or an unreadable file. */
export async function importCompaniesCsv(db: Db, file: string, opts: ImportOptions = {}): Promise<ImportReport> {
  const source = opts.source ?? 'import';
  if (!/^[\w.-]{1,32}$/.test(source)) throw new CompanyImportError('--vendor: 1-32 letters, digits or . _ -');
  const report: ImportReport = { rows: 0, inserted: 0, updated: 0, unchanged: 0, rejected: 0, errors: [] };
  const reader = new CsvReader();
  let cols: Map<Column, number> | null = null;
  let batch = new Map<string, CompanyRow>();

  const flush = async () => {
    if (!batch.size) return;
    const rows = [...batch.values()];
    batch = new Map();
    const done = await upsertCompanies(db, rows, { onlyNew: opts.onlyNew });
    report.inserted += done.inserted;
    report.updated += done.updated;
    report.unchanged += rows.length - done.inserted - done.updated;
  };
  const take = async (records: { line: number; fields: string[] }[]) => {
    for (const r of records) {
      if (!cols) {
        cols = headerColumns(r.fields);
        continue;
      }
      report.rows += 1;
      const row = rowOf(r.fields, cols, source);
      if (typeof row === 'string') {
        report.rejected += 1;
        if (report.errors.length < MAX_REPORTED) report.errors.push({ line: r.line, message: row });
        continue;
      }
      batch.delete(row.id); // a repeated id keeps its last row (and its place at the end)
      batch.set(row.id, row);
      if (batch.size >= IMPORT_BATCH) await flush();
    }
  };

  const stream = createReadStream(file, { encoding: 'utf8', highWaterMark: 64 * 1024 });
  try {
    for await (const chunk of stream) await take(reader.push(chunk as string));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new CompanyImportError(`${file}: no such file`);
    if ((err as NodeJS.ErrnoException).code === 'EISDIR') throw new CompanyImportError(`${file}: is a directory`);
    throw err;
  } finally {
    stream.destroy();
  }
  await take(reader.end());
  if (!cols) throw new CompanyImportError(`${file}: empty file (expected a header: ${COLUMNS.join(',')})`);
  await flush();
  return report;
}
