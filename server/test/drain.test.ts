/**
 * SIGTERM, for real: the service started as a child process (node --import tsx server/src/main.ts, fresh DATA_DIR,
 * free port). A request is in flight (its body half sent) when SIGTERM arrives; /readyz turns 503 while requests are
 * still served for SHUTDOWN_DELAY_MS, then new connections are refused, an idle keep-alive connection is closed,
 * the request in flight completes with 200, and the process exits 0.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CALLS, cipher } from '@core/domain';
import type { Db } from '../src/db';
import { createTestDb } from './helpers';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** One HTTP/1.1 exchange on a socket of our own; resolves with the status and body once the answer is whole. */
class RawConnection {
  private received = '';
  readonly closed: Promise<void>;
  private constructor(readonly socket: Socket) {
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (this.received += d));
    this.closed = new Promise((resolve) => socket.once('close', () => resolve()));
  }

  static open(port: number): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  write(text: string): void {
    this.socket.write(text);
  }

  /** waits for a whole answer (by Content-Length) and takes it off the buffer */
  async answer(): Promise<{ status: number; headers: string; body: string }> {
    for (;;) {
      const end = this.received.indexOf('\r\n\r\n');
      if (end !== -1) {
        const headers = this.received.slice(0, end);
        const length = Number(/content-length: *(\d+)/i.exec(headers)?.[1] ?? 0);
        if (this.received.length >= end + 4 + length) {
          const body = this.received.slice(end + 4, end + 4 + length);
          this.received = this.received.slice(end + 4 + length);
          return { status: Number(headers.split(' ')[1]), headers, body };
        }
      }
      await new Promise<void>((resolve, reject) => {
        const done = () => {
          this.socket.off('data', done);
          this.socket.off('close', gone);
          resolve();
        };
        const gone = () => reject(new Error(`connection closed before a whole answer: ${JSON.stringify(this.received)}`));
        this.socket.on('data', done);
        this.socket.once('close', gone);
      });
    }
  }
}

/** A GET on a new connection: the status, or the connection's error code (ECONNREFUSED once the listener closed). */
async function getOnNewConnection(port: number, path: string): Promise<number | string> {
  try {
    const c = await RawConnection.open(port);
    c.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    const { status } = await c.answer();
    c.socket.destroy();
    return status;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code ?? String(err);
  }
}

async function until<T>(what: string, fn: () => Promise<T>, ok: (v: T) => boolean, limitMs = 60_000): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('SIGTERM drains the service', () => {
  let child: ChildProcess;
  let dataDir: string;
  let db: Db | undefined;
  const log: string[] = [];
  let exited: Promise<number | null>;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'esop-drain-'));
    let databaseUrl = '';
    if (process.env.DATABASE_URL) {
      db = await createTestDb(); // migrated: the service applies nothing at start
      const { rows } = await db.query<{ name: string }>('SELECT current_database() AS name');
      const url = new URL(process.env.DATABASE_URL);
      url.pathname = `/${rows[0].name}`;
      databaseUrl = url.toString();
    } else if (process.env.ESOP_TEST_PGLITE_TEMPLATE) {
      // the run's migrated PGlite folder where the service looks for its database: it applies nothing at start either
      cpSync(process.env.ESOP_TEST_PGLITE_TEMPLATE, join(dataDir, 'pglite'), { recursive: true });
    }
    const port = await freePort();
    child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        CIPHER_PRIVATE_KEY_FILE: '',
        CIPHER_PUBLIC_KEY_FILE: '',
        LOG_LEVEL: 'info',
        SHUTDOWN_DELAY_MS: '3000',
        SHUTDOWN_GRACE_MS: '20000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => log.push(String(d)));
    child.stderr!.on('data', (d) => log.push(String(d)));
    exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    await until('the service to start', () => getOnNewConnection(port, '/readyz'), (s) => s === 200 || child.exitCode !== null, 180_000);
    if (child.exitCode !== null) throw new Error(`the service did not start: ${log.join('')}`);
    (child as ChildProcess & { port: number }).port = port;
  }, 200_000);

  afterAll(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await db?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes the request in flight with 200, answers 503 on /readyz first, then refuses new connections, and exits 0', async () => {
    const port = (child as ChildProcess & { port: number }).port;
    // a client's cipher handshake, its body sent slowly: half now, the rest after SIGTERM
    const key = JSON.parse(await fetch(`http://127.0.0.1:${port}${CALLS.cipherKey.path}`).then((r) => r.text())).result as { kid: string; spki: string };
    const { raw } = await cipher.generateAesKey();
    const body = JSON.stringify({ kid: key.kid, wrappedKey: await cipher.wrapAesKey(await cipher.importRsaPublicKey(key.spki), raw) });
    const slow = await RawConnection.open(port);
    slow.write(`POST ${CALLS.cipherSession.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`);
    slow.write(body.slice(0, 40));

    // a keep-alive connection that is idle when SIGTERM comes
    const idle = await RawConnection.open(port);
    idle.write('GET /livez HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect((await idle.answer()).status).toBe(200);

    child.kill('SIGTERM');
    // the balancer's probe says 503 at once, while requests are still served (SHUTDOWN_DELAY_MS)
    await until('/readyz to answer 503', () => getOnNewConnection(port, '/readyz'), (s) => s === 503);
    expect(await getOnNewConnection(port, '/livez')).toBe(200);
    // then the listener closes: new connections are refused; the idle keep-alive connection is closed
    await until('new connections to be refused', () => getOnNewConnection(port, '/livez'), (s) => s === 'ECONNREFUSED');
    await idle.closed;
    expect(child.exitCode).toBeNull(); // still waiting for the request in flight

    slow.write(body.slice(40));
    const answer = await slow.answer();
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).result.sid).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(answer.headers).toMatch(/^connection: close$/im);

    expect(await exited).toBe(0);
    const lines = log.join('').split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as { msg?: string; code?: number });
    expect(lines.map((l) => l.msg)).toEqual(expect.arrayContaining(['shutting down: draining', 'shut down']));
    expect(lines.find((l) => l.msg === 'shut down')?.code).toBe(0);
  }, 120_000);
});
