/**
 * DATABASE_URL_FILE: the database's URL (with its password) from a mounted secret file, as the image's deployments
 * give it (deploy/compose.yaml, deploy/k8s); refused by name when unreadable, not a PostgreSQL URL, or given twice.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, databaseUrlOf, loadConfig, parseEnv } from '../src/config';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'db-url-file-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('DATABASE_URL_FILE', () => {
  test('the file\'s URL (trimmed) is the database, and the replay guard is the database\'s', () => {
    const file = join(dir, 'database_url');
    writeFileSync(file, 'postgres://esop:s3cret@postgres:5432/esop\n');
    const config = loadConfig({ DATA_DIR: join(dir, 'data'), DATABASE_URL_FILE: file });
    expect(config.databaseUrl).toBe('postgres://esop:s3cret@postgres:5432/esop');
    expect(config.cipherReplayGuard).toBe('database');
  });

  test('it satisfies JOBS=worker as DATABASE_URL does', () => {
    expect(() => parseEnv({ JOBS: 'worker', DATABASE_URL_FILE: join(dir, 'x') })).not.toThrow();
    expect(() => parseEnv({ JOBS: 'worker' })).toThrow(/JOBS: worker needs DATABASE_URL/);
  });

  test('a missing file is refused naming the setting and the path', () => {
    const env = parseEnv({ DATABASE_URL_FILE: join(dir, 'missing') });
    expect(() => databaseUrlOf(env)).toThrow(ConfigError);
    expect(() => databaseUrlOf(env)).toThrow(/DATABASE_URL_FILE: cannot read .*missing \(ENOENT\)/);
  });

  test('a file that holds no PostgreSQL URL is refused without printing its content', () => {
    const file = join(dir, 'database_url');
    writeFileSync(file, 'mysql://root:hunter2@db/esop');
    expect(() => loadConfig({ DATA_DIR: join(dir, 'data'), DATABASE_URL_FILE: file })).toThrow(/DATABASE_URL_FILE: the content of .* must start with postgres:\/\//);
    try {
      loadConfig({ DATA_DIR: join(dir, 'data'), DATABASE_URL_FILE: file });
    } catch (err) {
      expect((err as Error).message).not.toMatch(/hunter2/);
    }
  });

  test('DATABASE_URL and DATABASE_URL_FILE together are refused', () => {
    expect(() => parseEnv({ DATABASE_URL: 'postgres://a@b/c', DATABASE_URL_FILE: join(dir, 'x') })).toThrow(/DATABASE_URL_FILE: set DATABASE_URL or DATABASE_URL_FILE, not both/);
  });
});
