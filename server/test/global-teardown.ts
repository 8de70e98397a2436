import { rmSync } from 'node:fs';
import { dirname } from 'node:path';

export default async function globalTeardown(): Promise<void> {
  const file = process.env.ESOP_TEST_PGLITE_TEMPLATE;
  if (file) rmSync(dirname(file), { recursive: true, force: true });
}
