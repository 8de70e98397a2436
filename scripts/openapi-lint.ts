/**
 * `npm run lint:openapi`: the service's OpenAPI description (served at /kyc/esop/v1/openapi.json) linted with Redocly's
 * recommended rules, so that a broker's developers can generate a client from it. Starts the service on a fresh data
 * dir, writes the document to e2e/.tmp/openapi.json and runs Redocly's CLI (fetched by npx, version pinned).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, startService } from '../e2e/lib/harness';

const REDOCLY = '@redocly/cli@2.77.0';
const service = await startService();
const out = join(ROOT, 'e2e/.tmp/openapi.json');
try {
  mkdirSync(join(ROOT, 'e2e/.tmp'), { recursive: true });
  writeFileSync(out, await (await fetch(`${service.base}/kyc/esop/v1/openapi.json`)).text());
} finally {
  await service.stop();
}
execFileSync('npx', ['-y', REDOCLY, 'lint', '--format=summary', out], { stdio: 'inherit' });
