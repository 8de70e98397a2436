/** `npm run docs:api`: rewrites the generated parts of docs/api.md (scripts/api-doc-tables.ts) in place. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withGeneratedParts } from './api-doc-tables';

const file = join(import.meta.dirname, '..', 'docs', 'api.md');
const before = readFileSync(file, 'utf8');
const after = withGeneratedParts(before);
if (after === before) console.log('docs/api.md: up to date');
else {
  writeFileSync(file, after);
  console.log('docs/api.md: generated parts rewritten');
}
