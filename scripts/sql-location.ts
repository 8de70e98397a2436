/**
 * Where the service writes SQL (issue 26: "SQL only in repositories"). Every .ts file of server/src is parsed with
 * TypeScript and three things count as SQL text:
 * - a template tagged `sql` (sql`…`, x.sql`…`);
 * - a string or template literal passed first to a `.query(`, `.exec(` or `.executeSql(` call (whatever its words);
 * - any string or template literal that reads as SQL: a statement's head (SELECT … / INSERT INTO / UPDATE x SET /
 *   DELETE FROM / WITH x AS ( / CREATE|ALTER|DROP TABLE|INDEX|… / TRUNCATE / LOCK TABLE) or a clause a query is built from
 *   (WHERE / ORDER BY / GROUP BY / RETURNING / ON CONFLICT / VALUES ( / JOIN … ON / AND x = $1), keywords in capitals
 *   as this code base writes them.
 * A file may hold SQL when it is a repository (repository.ts, *-repository.ts, or under a repositories/ folder) or the
 * database layer itself (server/src/db: the pool, the migrations runner, the migrations, the audit log's append).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';

export interface SqlHit {
  /** the file, relative to the folder scanned, with / */
  file: string;
  line: number;
  why: 'sql tag' | 'query call' | 'sql text';
  text: string;
}

const STATEMENT =
  /^\s*\(?\s*(SELECT\s+(DISTINCT\s+)?[\w*$"(]|INSERT\s+INTO\s|UPDATE\s+[\w."]+\s+(\w+\s+)?SET\s|DELETE\s+FROM\s|WITH\s+(RECURSIVE\s+)?[\w"]+\s*(\([^)]*\)\s*)?AS\s+(NOT\s+)?(MATERIALIZED\s+)?\(|(CREATE|ALTER|DROP)\s+(UNIQUE\s+)?(TABLE|INDEX|VIEW|SCHEMA|EXTENSION|SEQUENCE|FUNCTION|TRIGGER|TYPE)\s|TRUNCATE\s|LOCK\s+TABLE\s)/;
const CLAUSE = /^\s*(WHERE\s|ORDER\s+BY\s|GROUP\s+BY\s|RETURNING\s|ON\s+CONFLICT\b|VALUES\s*\(|((LEFT|RIGHT|INNER|FULL|CROSS)\s+)?JOIN\s+[\w."]+\s+(\w+\s+)?ON\s|(AND|OR)\s+[\w."]+\s*(=|<>|<=|>=|<|>|IS\s|IN\s|LIKE\s|ILIKE\s|=\s*ANY)\s*)/;
const SQL_ANYWHERE = /\b(SELECT\s[\s\S]*\sFROM\s+[\w."]+|INSERT\s+INTO\s+[\w."]+\s*\(|DELETE\s+FROM\s+[\w."]+\s+WHERE\s|UPDATE\s+[\w."]+\s+SET\s+[\w"]+\s*=)/;
const QUERY_METHODS = new Set(['query', 'exec', 'executeSql']);

/** The text of a string or template literal (a template's parts joined, its expressions as `${}`). */
function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.head.text + node.templateSpans.map((s) => '${}' + s.literal.text).join('');
  return null;
}

/** Whether a literal's text reads as SQL. */
export function looksLikeSql(text: string): boolean {
  return STATEMENT.test(text) || CLAUSE.test(text) || SQL_ANYWHERE.test(text);
}

/** The SQL text of one file's source (the name is only reported). */
export function sqlInSource(file: string, source: string): SqlHit[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const hits: SqlHit[] = [];
  const seen = new Set<ts.Node>();
  const add = (node: ts.Node, why: SqlHit['why']) => {
    if (seen.has(node)) return;
    seen.add(node);
    const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
    hits.push({ file, line, why, text: node.getText(sf).replace(/\s+/g, ' ').slice(0, 80) });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isTaggedTemplateExpression(node)) {
      const tag = node.tag;
      const name = ts.isIdentifier(tag) ? tag.text : ts.isPropertyAccessExpression(tag) ? tag.name.text : '';
      if (/^sql$/i.test(name)) add(node.template, 'sql tag');
    } else if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && QUERY_METHODS.has(node.expression.name.text)) {
      const first = node.arguments[0];
      if (first && literalText(first) !== null) add(first, 'query call');
    } else {
      const text = literalText(node);
      if (text !== null && looksLikeSql(text)) add(node, 'sql text');
      if (text !== null) return; // a template's spans are the literal's own parts
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return hits.sort((a, b) => a.line - b.line);
}

/** Whether a file (relative to server/src, with /) may hold SQL: a repository, or the database layer. */
export function mayHoldSql(file: string): boolean {
  const name = file.split('/').pop()!;
  if (name === 'repository.ts' || name.endsWith('-repository.ts')) return true;
  if (file.split('/').slice(0, -1).includes('repositories')) return true;
  return file.startsWith('db/');
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return tsFiles(path);
    return e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') && !/\.test\.ts$/.test(e.name) ? [path] : [];
  });
}

/** Every SQL text of the .ts files under `dir` (tests left out) in files that may not hold SQL. */
export function sqlOutsideRepositories(dir: string): SqlHit[] {
  return tsFiles(dir)
    .map((path) => relative(dir, path).split(sep).join('/'))
    .filter((file) => !mayHoldSql(file))
    .sort()
    .flatMap((file) => sqlInSource(file, readFileSync(join(dir, file), 'utf8')));
}
