/**
 * A plain round-robin HTTP balancer for the multi-process tests and the load bench: each request goes to the next
 * upstream in turn, whatever its cookies or path (no stickiness), like a cloud load balancer without session
 * affinity. It appends the caller's address to X-Forwarded-For (as nginx's $proxy_add_x_forwarded_for does) and sets
 * X-Forwarded-Proto, and counts what each upstream served, so a test can check the requests really alternated.
 * An upstream that refuses the connection is answered 502 (no retry elsewhere: a test must see it).
 */
import { createServer, request as httpRequest, Agent, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Balancer {
  base: string;
  /** requests sent to each upstream, in upstream order */
  served: number[];
  /** the upstream index of each request, in arrival order (the last 10,000) */
  trail: number[];
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

export async function startBalancer(upstreams: string[], port = 0): Promise<Balancer> {
  const targets = upstreams.map((u) => new URL(u));
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const served = targets.map(() => 0);
  const trail: number[] = [];
  let next = 0;

  const forward = (req: IncomingMessage, res: ServerResponse) => {
    const i = next;
    next = (next + 1) % targets.length;
    served[i]++;
    trail.push(i);
    if (trail.length > 10_000) trail.shift();
    const target = targets[i];
    const headers: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined && !HOP_BY_HOP.has(k)) headers[k] = v;
    const peer = req.socket.remoteAddress ?? '';
    headers['x-forwarded-for'] = req.headers['x-forwarded-for'] ? `${String(req.headers['x-forwarded-for'])}, ${peer}` : peer;
    headers['x-forwarded-proto'] = 'http';
    const up = httpRequest({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent }, (upRes) => {
      const out: Record<string, string | string[]> = {};
      for (const [k, v] of Object.entries(upRes.headers)) if (v !== undefined && !HOP_BY_HOP.has(k)) out[k] = v;
      res.writeHead(upRes.statusCode ?? 502, out);
      upRes.pipe(res);
    });
    up.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('bad gateway');
    });
    req.pipe(up);
  };

  const server: Server = createServer(forward);
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${bound}`,
    served,
    trail,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
