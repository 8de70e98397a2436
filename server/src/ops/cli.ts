/** `npm run ops -- <command> [args] [--json]` (see execute.ts; `npm run ops -- help` lists the commands). */
import { ConfigError } from '../config';
import { executeCli } from './execute';
import { OpsError } from './framework';

executeCli(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof OpsError || err instanceof ConfigError) process.stderr.write(`${err.message}\n`);
    else process.stderr.write(`${(err as Error)?.stack ?? String(err)}\n`);
    process.exit(1);
  },
);
