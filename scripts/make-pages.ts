/** `npm run pages`: writes pages/<name>.html for every entry of scripts/pages.ts (and removes none). */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PAGES, pageHtml } from './pages';

const dir = join(import.meta.dirname, '..', 'pages');
for (const p of PAGES) {
  writeFileSync(join(dir, `${p.name}.html`), pageHtml(p));
  console.log(`pages/${p.name}.html`);
}
