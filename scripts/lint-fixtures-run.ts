/**
 * Lints the boundary fixtures (scripts/lint-fixtures.ts) with the repository's real eslint.config.js, through
 * ESLint's Node API, each as a virtual file at the path it pretends to live at. Prints, as JSON, every fixture's
 * messages; scripts/lint-boundaries.test.ts runs it (in its own Node process: the flat config is an ES module,
 * which ESLint loads with import(), not available inside Jest) and judges the result.
 * Run from the repository root: `tsx scripts/lint-fixtures-run.ts`.
 */
import { ESLint } from 'eslint';
import { resolve } from 'node:path';
import { BAD, GOOD } from './lint-fixtures';

export interface FixtureResult {
  name: string;
  messages: { ruleId: string | null; message: string; severity: number }[];
}

const root = process.cwd();
const eslint = new ESLint({ cwd: root });
const results: FixtureResult[] = [];
for (const f of [...BAD, ...GOOD]) {
  const [r] = await eslint.lintText(f.code, { filePath: resolve(root, f.at), warnIgnored: true });
  results.push({ name: f.name, messages: r.messages.map((m) => ({ ruleId: m.ruleId, message: m.message, severity: m.severity })) });
}
process.stdout.write(JSON.stringify(results));
