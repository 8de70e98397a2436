/**
 * The CSV reading shared by the vendor list imports (companies, AML watch list): UTF-8 (a BOM is skipped),
 * RFC 4180 quoting (commas, quotes "" and line breaks inside quoted fields), a header naming the columns in
 * any order (the required ones present, no others), then data rows, each checked on its own: a bad row is
 * counted and reported with its line number, the others are handed on. Blank lines are skipped.
 */
import { createReadStream } from 'node:fs';

/** The error an import throws for a file it cannot read at all (its callers tell it from other failures). */
export type ImportErrorClass = new (message: string) => Error;

/** An import's columns: the allowed names, the ones a header must have, and the import's error. */
export interface CsvLayout<C extends string> {
  columns: readonly C[];
  required: readonly C[];
  error: ImportErrorClass;
}

export interface CsvRecord {
  /** the line the record starts on (header = 1) */
  line: number;
  fields: string[];
}

/** The rows part of an import's report. */
export interface CsvRowsReport {
  /** data rows read (header excluded, blank lines skipped) */
  rows: number;
  rejected: number;
  /** the first rejected rows: line number in the file (header = 1) and the reason */
  errors: { line: number; message: string }[];
}

/** How many rejected rows a report lists. */
export const MAX_REPORTED = 50;

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

  /** `error`: thrown by end() for a quoted field left open */
  constructor(private readonly error: ImportErrorClass) {}

  /** Feeds a chunk; returns the records it completed. */
  push(chunk: string): CsvRecord[] {
    const out: CsvRecord[] = [];
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
  end(): CsvRecord[] {
    if (this.quoted) throw new this.error(`line ${this.startLine}: a quoted field is not closed`);
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

/** The header's column positions; throws the layout's error for an unknown, repeated or missing column. */
export function headerColumns<C extends string>(fields: string[], layout: CsvLayout<C>): Map<C, number> {
  const { columns, required, error: ImportError } = layout;
  const names = fields.map((f, i) => (i === 0 ? f.replace(/^\uFEFF/, '') : f).trim().toLowerCase());
  const unknown = names.filter((n) => !(columns as readonly string[]).includes(n));
  if (unknown.length) throw new ImportError(`header: unknown column(s) ${unknown.map((u) => JSON.stringify(u)).join(', ')}; allowed: ${columns.join(', ')}`);
  const dup = names.filter((n, i) => names.indexOf(n) !== i);
  if (dup.length) throw new ImportError(`header: column ${JSON.stringify(dup[0])} appears twice`);
  const missing = required.filter((c) => !names.includes(c));
  if (missing.length) throw new ImportError(`header: missing column(s) ${missing.join(', ')} (expected e.g. ${columns.join(',')})`);
  return new Map(names.map((n, i) => [n as C, i]));
}

/** A field's text: runs of white space made one space, trimmed. */
export const clean = (s: string | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

/**
 * Reads a CSV file of `layout`'s columns as a stream. Each data row with as many fields as the header is
 * given to `check` (which reads a column's cleaned text, '' for a column the file lacks) and the row it
 * returns to `take`; a row with another number of fields, or for which `check` returns a reason (a string),
 * is counted in `report` as rejected instead. `report.rows` counts the data rows.
 * Throws the layout's error for a bad header, an empty or unreadable file or a quoted field left open.
 */
export async function readCsvRows<C extends string, R extends object>(
  file: string,
  layout: CsvLayout<C>,
  report: CsvRowsReport,
  check: (get: (column: C) => string) => R | string,
  take: (row: R) => void | Promise<void>,
): Promise<void> {
  const ImportError = layout.error;
  let cols: Map<C, number> | null = null;
  const rowOf = (fields: string[], cols: Map<C, number>): R | string => {
    if (fields.length !== cols.size) return `expected ${cols.size} fields, found ${fields.length}`;
    return check((c) => (cols.has(c) ? clean(fields[cols.get(c)!]) : ''));
  };
  const takeRecords = async (records: CsvRecord[]) => {
    for (const r of records) {
      if (!cols) {
        cols = headerColumns(r.fields, layout);
        continue;
      }
      report.rows += 1;
      const row = rowOf(r.fields, cols);
      if (typeof row === 'string') {
        report.rejected += 1;
        if (report.errors.length < MAX_REPORTED) report.errors.push({ line: r.line, message: row });
        continue;
      }
      await take(row);
    }
  };

  const reader = new CsvReader(ImportError);
  const stream = createReadStream(file, { encoding: 'utf8', highWaterMark: 64 * 1024 });
  try {
    for await (const chunk of stream) await takeRecords(reader.push(chunk as string));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new ImportError(`${file}: no such file`);
    if ((err as NodeJS.ErrnoException).code === 'EISDIR') throw new ImportError(`${file}: is a directory`);
    throw err;
  } finally {
    stream.destroy();
  }
  await takeRecords(reader.end());
  if (!cols) throw new ImportError(`${file}: empty file (expected a header: ${layout.columns.join(',')})`);
}
