/**
 * The CSV reading shared by the vendor list imports (companies, AML watch list), parsed by csv-parse: UTF-8 (a BOM
 * is skipped), RFC 4180 quoting (commas, quotes "" and line breaks inside quoted fields; a stray quote inside an
 * unquoted field is kept), a header naming the columns in any order (the required ones present, no others), then
 * data rows, each checked on its own: a bad row is counted and reported with its line number, the others are handed
 * on. Blank lines are skipped.
 */
import { createReadStream } from 'node:fs';
import { CsvError, parse } from 'csv-parse';

/** The error an import throws for a file it cannot read at all (its callers tell it from other failures). */
export type ImportErrorClass = new (message: string) => Error;

/** An import's columns: the allowed names, the ones a header must have, and the import's error. */
export interface CsvLayout<C extends string> {
  columns: readonly C[];
  required: readonly C[];
  error: ImportErrorClass;
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

/** Line breaks in a field (\r\n, \n or \r: one each). */
const lineBreaks = (s: string) => s.match(/\r\n|\r|\n/g)?.length ?? 0;

/** A field's text: runs of white space made one space, trimmed. */
export const clean = (s: string | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

/**
 * Reads a CSV file of `layout`'s columns as a stream. Each data row with as many fields as the header is
 * given to `check` (which reads a column's cleaned text, '' for a column the file lacks) and the row it
 * returns to `take`; a row with another number of fields, or for which `check` returns a reason (a string),
 * is counted in `report` as rejected instead. `report.rows` counts the data rows.
 * Throws the layout's error for a bad header, an empty or unreadable file or a malformed one (a quoted field left open).
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
  const takeRecord = async (line: number, fields: string[]) => {
    if (!cols) {
      cols = headerColumns(fields, layout);
      return;
    }
    report.rows += 1;
    const row = rowOf(fields, cols);
    if (typeof row === 'string') {
      report.rejected += 1;
      if (report.errors.length < MAX_REPORTED) report.errors.push({ line, message: row });
      return;
    }
    await take(row);
  };

  const source = createReadStream(file, { highWaterMark: 64 * 1024 });
  // records of any length come through (rowOf reports a wrong count); each record's first line is counted here
  // (csv-parse's own count takes a quoted \r\n for two lines)
  const parser = parse({ bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, info: true });
  source.on('error', (err) => parser.destroy(err));
  let linesBefore = 0;
  try {
    for await (const { record, info } of source.pipe(parser) as AsyncIterable<{ record: string[]; info: { empty_lines: number } }>) {
      const line = 1 + linesBefore + info.empty_lines;
      linesBefore += 1 + record.reduce((n, field) => n + lineBreaks(field), 0);
      await takeRecord(line, record);
    }
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new ImportError(`${file}: no such file`);
    if (code === 'EISDIR') throw new ImportError(`${file}: is a directory`);
    if (err instanceof CsvError) {
      const line = 1 + linesBefore + Number((err as CsvError & { empty_lines?: number }).empty_lines ?? 0);
      throw new ImportError(`line ${line}: ${code === 'CSV_QUOTE_NOT_CLOSED' ? 'a quoted field is not closed' : err.message}`);
    }
    throw err;
  } finally {
    source.destroy();
  }
  if (!cols) throw new ImportError(`${file}: empty file (expected a header: ${layout.columns.join(',')})`);
}
