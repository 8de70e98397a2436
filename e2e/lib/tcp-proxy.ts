/**
 * A TCP forwarder in front of PostgreSQL for the multi-process test (e2e/cluster-test.ts): every process reaches the
 * database through it, and `cut(ms)` makes the database vanish for that long as a restart or a failover does for
 * its clients: every open connection is ended at once and new ones are refused until it is back.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  /** the given URL with its host and port replaced by the forwarder's */
  url(target: string): string;
  /** ends every connection and refuses new ones for `ms`, then accepts again; resolves when it accepts again */
  cut(ms: number): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let down = false;
  const server: Server = createServer((client) => {
    if (down) return void client.destroy();
    const upstream = connect(targetPort, targetHost);
    sockets.add(client).add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url(target) {
      const u = new URL(target);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    async cut(ms) {
      down = true;
      for (const s of sockets) s.destroy();
      sockets.clear();
      await new Promise((resolve) => setTimeout(resolve, ms));
      down = false;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
