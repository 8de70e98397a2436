/** `npm start` / `npm run serve`: settings → database (migrated) → app → listen. */
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig, projectRoot } from './config';
import { openDatabase } from './db';
import { migrate } from './db/migrate';
import { serverInfoPath, writeOpsToken } from './ops/token';

async function start(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  const db = await openDatabase(config);
  const applied = await migrate(db);
  const app = await buildApp({ config, db });
  if (applied.length) app.log.info({ migrations: applied }, 'migrations applied');
  // the signers' certificate authority: the local one reads its root now (made once, kept in the database), not at a signer's first certificate
  if (config.ca.vendor === 'local') await app.deps.vendors.ca.rootCertificate();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
    } finally {
      await db.close();
      rmSync(serverInfoPath(config.dataDir), { force: true });
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await app.close().catch(() => undefined);
    await db.close();
    throw err;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  writeOpsToken(config.dataDir);
  writeFileSync(serverInfoPath(config.dataDir), JSON.stringify({ port, pid: process.pid }) + '\n');
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  process.stdout.write(
    [
      '',
      `  Account opening is running: http://${shownHost}:${port}/pages/openAccount.html`,
      ...(existsSync(join(projectRoot(), 'dist', 'pages')) ? [] : ['  The site is not built yet (npm run build, or npm start): only the API answers.']),
      `  Database: ${db.kind === 'pglite' ? `PGlite in ${config.dataDir}/pglite` : 'PostgreSQL (DATABASE_URL)'}`,
      config.sms.vendor === 'console'
        ? '  Log in with any phone number; the verification code appears in this log as "[sms] code for ...",\n  or run: npm run ops -- code <phone> [--area 852]'
        : '  Verification codes are sent by the HTTP SMS vendor.',
      '',
    ].join('\n') + '\n',
  );
}

start().catch((err) => {
  process.stderr.write(`failed to start: ${(err as Error)?.stack ?? String(err)}\n`);
  process.exit(1);
});
