/**
 * The ops CLI: when the server runs (DATA_DIR/server.json names a live process) a command goes
 * through its loopback ops API; otherwise the database is opened here.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Db } from '../db';
import { MigrationsPendingError, prepareDatabase } from '../db/migrate';
import { systemClock } from '../plugins/context';
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

/** The running server's ops API, or null when no server runs for this DATA_DIR. */
function runningServer(config: Config): { url: string; token: string } | null {
  const infoFile = serverInfoPath(config.dataDir);
  if (!existsSync(infoFile)) return null;
  const info = JSON.parse(readFileSync(infoFile, 'utf8')) as { port: number; pid: number };
  if (!pidAlive(info.pid)) return null;
  const token = readOpsToken(config.dataDir);
  if (!token) throw new OpsError(`the server (pid ${info.pid}) runs but ${config.dataDir}/ops.token is missing`);
  return { url: `http://127.0.0.1:${info.port}/ops/v1`, token };
}

async function viaServer(server: { url: string; token: string }, command: string, params: unknown): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(`${server.url}/run`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${server.token}` },
      body: JSON.stringify({ command, params }),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (err) {
    throw new OpsError(`the server runs but its ops API at ${server.url} did not answer (${(err as Error).message})`);
  }
  const body = (await res.json().catch(() => null)) as { result?: unknown; error?: { code: number; message: string } } | null;
  if (!res.ok || !body || body.error) throw new OpsError(body?.error?.message ?? `ops API answered HTTP ${res.status}`);
  return body.result;
}

async function direct(config: Config, command: string, params: unknown, given?: Db): Promise<unknown> {
  const db = given ?? (await openDatabase(config));
  try {
    // as a web process does: migrate (MIGRATE_AT_START=on), or refuse a database that lacks migrations
    if (!given) {
      await prepareDatabase(db, config.migrateAtStart).catch((err: unknown) => {
        throw err instanceof MigrationsPendingError ? new OpsError(err.message) : err;
      });
    }
    return await runCommand({ db, config, clock: systemClock }, command, params);
  } finally {
    if (!given) await db.close();
  }
}

export interface ExecuteOptions {
  /** settings (default: from the environment) */
  config?: Config;
  /** use this database instead of opening DATA_DIR's (tests) */
  db?: Db;
  io?: OpsIo;
}

/** Runs `ops <argv>`; returns the exit code. Through the running server's ops API when there is one. */
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
  const server = opts.db ? null : runningServer(config);
  const result = server ? await viaServer(server, name, params) : await direct(config, name, params, opts.db);
  if (json || !cmd.print) io.out(JSON.stringify(result, null, 2));
  else cmd.print(result, params, io);
  return 0;
}

