/**
 * The ops CLI. Where a command runs:
 * - OPS_URL set: through that process's ops API (with OPS_TOKEN, which every process accepts);
 * - on PostgreSQL (DATABASE_URL): here, on the database, whichever processes are up (none needed: PostgreSQL takes
 *   any number of connections, and no command needs a process's memory);
 * - on PGlite: through the running server's loopback ops API when DATA_DIR/server.json names a live process
 *   (PGlite lets one process open DATA_DIR), otherwise here on DATA_DIR's PGlite.
 * A command marked runsHere (storage-copy: this shell's bucket) always runs here, with the database and file store opened here.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Db } from '../db';
import { MigrationsPendingError, prepareDatabase } from '../db/migrate';
import { systemClock } from '../plugins/context';
import { createStorage, type FileStorage } from '../storage';
import { commands, findCommand } from './commands';
import { checkParams, OpsError, parseArgv, type OpsIo } from './framework';
import { runCommand } from './run';
import { readOpsToken, serverInfoPath } from './token';

export const processIo: OpsIo = {
  out: (text) => process.stdout.write(text + '\n'),
  writeFile: (path, bytes) => writeFileSync(path, bytes),
};

function help(): string {
  return ['usage: npm run ops -- <command> [arguments]', '', ...commands.map((c) => `  ${c.usage}`)].join('\n');
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The ops API a command goes to, or null to run it here on the database. */
export function opsTarget(config: Config): { url: string; token: string } | null {
  if (config.ops.url) return { url: `${config.ops.url.replace(/\/+$/, '')}/ops/v1`, token: config.ops.token! };
  if (config.databaseUrl) return null;
  return runningServer(config);
}

/** The running server's ops API (PGlite), or null when no server runs for this DATA_DIR. */
function runningServer(config: Config): { url: string; token: string } | null {
  const infoFile = serverInfoPath(config.dataDir);
  if (!existsSync(infoFile)) return null;
  const info = JSON.parse(readFileSync(infoFile, 'utf8')) as { port: number; pid: number };
  if (!pidAlive(info.pid)) return null;
  const token = config.ops.token ?? readOpsToken(config.dataDir);
  if (!token) throw new OpsError(`the server (pid ${info.pid}) runs but ${config.dataDir}/ops.token is missing`);
  return { url: `http://127.0.0.1:${info.port}/ops/v1`, token };
}

async function viaServer(server: { url: string; token: string }, command: string, params: unknown): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(`${server.url}/run`, {
      method: 'POST',
      // refusals in English, as the CLI's own messages
      headers: { 'content-type': 'application/json', authorization: `Bearer ${server.token}`, 'accept-language': 'en' },
      body: JSON.stringify({ command, params }),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (err) {
    throw new OpsError(`the ops API at ${server.url} did not answer (${(err as Error).message})`);
  }
  const body = (await res.json().catch(() => null)) as { result?: unknown; error?: { code: number; message: string } } | null;
  if (res.status === 403) throw new OpsError(`the ops API at ${server.url} refused the call (HTTP 403: a loopback caller with its token only; check OPS_TOKEN)`);
  if (!res.ok || !body || body.error) throw new OpsError(body?.error?.message ?? `ops API answered HTTP ${res.status}`);
  return body.result;
}

async function direct(config: Config, command: string, params: unknown, given: { db?: Db; storage?: FileStorage }): Promise<unknown> {
  const db = given.db ?? (await openDatabase(config));
  const storage = given.storage ?? createStorage(config);
  try {
    // as a web process does: migrate (MIGRATE_AT_START=on), or refuse a database that lacks migrations
    if (!given.db) {
      await prepareDatabase(db, config.migrateAtStart).catch((err: unknown) => {
        throw err instanceof MigrationsPendingError ? new OpsError(err.message) : err;
      });
    }
    return await runCommand({ db, config, clock: systemClock, storage }, command, params);
  } finally {
    if (!given.db) await db.close();
    if (!given.storage) await storage.close();
  }
}

export interface ExecuteOptions {
  /** settings (default: from the environment) */
  config?: Config;
  /** use this database instead of opening DATA_DIR's (tests) */
  db?: Db;
  /** use this file store instead of the settings' (tests) */
  storage?: FileStorage;
  io?: OpsIo;
}

/** Runs `ops <argv>`; returns the exit code. Through an ops API or on the database (opsTarget). */
export async function executeCli(argv: string[], opts: ExecuteOptions = {}): Promise<number> {
  const io = opts.io ?? processIo;
  const [name, ...rest] = argv;
  if (!name || name === 'help' || name === '--help') {
    io.out(help());
    return name ? 0 : 1;
  }
  const cmd = findCommand(name);
  if (!cmd) throw new OpsError(`unknown command "${name}"\n${help()}`);
  const args = parseArgv(rest);
  const json = args.flags.json === true;
  delete args.flags.json;
  const params = checkParams(cmd, cmd.parse(args));
  const config = opts.config ?? loadConfig(process.env);
  const server = opts.db ? null : opsTarget(config);
  // a command that runs here: with its own settings (storage-copy: this shell's bucket), no ops API time limit
  if (server && cmd.runsHere && !config.databaseUrl) {
    throw new OpsError(`${name} runs in this process and the server holds the embedded database (${config.dataDir}/pglite): stop the server first, or use PostgreSQL (DATABASE_URL)`);
  }
  const result = server && !cmd.runsHere ? await viaServer(server, name, params) : await direct(config, name, params, opts);
  if (json || !cmd.print) io.out(JSON.stringify(result, null, 2));
  else cmd.print(result, params, io);
  return 0;
}

