/**
 * Ops commands: one definition used by the CLI (`npm run ops -- <name> ...`) and by the
 * loopback-only ops API (POST /ops/v1/run {command, params}). A command parses its arguments into
 * params (checked by its zod schema on both paths), runs against the database, and prints its result.
 */
import type { z } from 'zod';
import type { Config } from '../config';
import type { Db } from '../db';
import type { Clock } from '../plugins/context';
import type { FileStorage } from '../storage';

export interface OpsContext {
  db: Db;
  config: Config;
  clock: Clock;
  /** the file store the settings choose (the running app's own when the command comes through the ops API) */
  storage: FileStorage;
}

export interface ParsedArgs {
  positionals: string[];
  flags: Record<string, string | boolean>;
}

export interface OpsIo {
  out(text: string): void;
  writeFile(path: string, bytes: Uint8Array): void;
}

export class OpsError extends Error {
  constructor(message: string, readonly exitCode = 1) {
    super(message);
    this.name = 'OpsError';
  }
}

export interface OpsCommand<P = unknown, R = unknown> {
  name: string;
  /** one line, shown by `npm run ops -- help` */
  usage: string;
  /** what must hold for the command to act (docs/api.md's operators' table); refused with the reason otherwise */
  preconditions?: string;
  /** true when --json prints the result as JSON */
  json?: boolean;
  /**
   * true: the CLI runs it in its own process with its own settings even while a server runs (long work, or work on
   * settings the server does not have, e.g. storage-copy's bucket); refused then on the embedded PGlite
   */
  runsHere?: boolean;
  schema: z.ZodType<P>;
  /** argv (after the command name) → params (before the schema check) */
  parse(args: ParsedArgs): unknown;
  run(ctx: OpsContext, params: P): Promise<R>;
  /** plain-text output; the default prints the result as JSON */
  print?(result: R, params: P, io: OpsIo): void;
}

/** Keeps the param and result types of a command together. */
export const defineCommand = <P, R>(c: OpsCommand<P, R>): OpsCommand<P, R> => c;

export function parseArgv(argv: string[]): ParsedArgs {
  const positionals: string[] = [];
  const flags: Record<string, string | boolean> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    // a bare `--` ends the flags: what follows is taken as it is (an id that begins with dashes, say)
    if (a === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      if (eq !== -1) flags[a.slice(2, eq)] = a.slice(eq + 1);
      else if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) flags[a.slice(2)] = argv[++i];
      else flags[a.slice(2)] = true;
    } else positionals.push(a);
  }
  return { positionals, flags };
}

/** A flag's text value (undefined when absent); `--x` without a value is an error. */
export function flagText(args: ParsedArgs, name: string): string | undefined {
  const v = args.flags[name];
  if (v === true) throw new OpsError(`--${name} needs a value`);
  return v === false ? undefined : v;
}

export function checkParams<P>(cmd: OpsCommand<P>, raw: unknown): P {
  const parsed = cmd.schema.safeParse(raw);
  if (!parsed.success) {
    throw new OpsError(`${parsed.error.issues.map((i) => `${i.path.join('.') || 'arguments'}: ${i.message}`).join('; ')}\nusage: ${cmd.usage}`);
  }
  return parsed.data;
}
