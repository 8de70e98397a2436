/**
 * docs/api.md's call tables agree with the call table (src/core/domain/calls.ts): every call has one row with its
 * method and path, "plain" exactly for the calls that are not ciphered, login "yes" exactly for the calls that need a
 * session. A call added to the table without its row, or a row that disagrees, fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_PREFIX, CALLS, type CallName } from '../src/core/domain/calls';

const doc = readFileSync(join(__dirname, '..', 'docs', 'api.md'), 'utf8');
const rows = new Map<string, string[]>();
for (const line of doc.split('\n')) {
  const cells = line.split(/(?<!\\)\|/).map((c) => c.trim()); // escaped pipes stay inside their cell
  if (cells.length < 6 || !/^[a-z][A-Za-z]+$/.test(cells[1] ?? '')) continue;
  if (!/^(GET|POST) `/.test(cells[2] ?? '')) continue;
  rows.set(cells[1], cells.slice(1));
}

test.each(Object.keys(CALLS) as CallName[])('%s has its row in docs/api.md', (name) => {
  const def = CALLS[name];
  const row = rows.get(name);
  expect(row).toBeDefined();
  const [, methodPath, cipher, login] = row!;
  const path = def.path.slice(API_PREFIX.length + 1);
  expect(methodPath.startsWith(`${def.method} \``)).toBe(true);
  expect(methodPath.split('`')[1].split('?')[0].replace(/\/\{[^}]*\}$/, '')).toBe(path);
  expect(cipher === 'plain').toBe(!def.cipher);
  expect(login.startsWith('yes')).toBe(def.auth === 'user');
});
