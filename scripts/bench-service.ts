/**
 * The service's figures (issue 12): requests a second and p50/p99 latency of a ciphered ApplyDetail and ApplyUpdate
 * (a full save of USERINFO: its validator, the service checks, the write and the audit entry) at 10 and 50
 * connections, next to a bare Fastify hello-world measured in the same run on the same machine, with the ratio. The
 * service runs as `npm start` would (its own process, embedded PGlite in a fresh DATA_DIR, or PostgreSQL when
 * DATABASE_URL is set); the load comes from this process over loopback, each ciphered request sealed and its answer
 * opened as the browser does, over one keep-alive HTTP client for both.
 *
 * Each line also gives the CPU the load generator (this process) and the measured server used, in % of one core, so
 * that a generator at its limit shows (the machine's cores are shared by both), and the server's CPU time per request:
 * the server process's user + system CPU time (/proc/<pid>/stat, every thread of the process, PGlite's included)
 * over the run divided by the requests it answered, the figure least moved by other load on the machine (issue 27).
 * The service runs on PGlite and, when DATABASE_URL or --pg URL is given, a second time on that PostgreSQL; the
 * hello is measured once in the same run. Each engine ends with a line of CPU per request against its targets.
 *
 *   npx tsx scripts/bench-service.ts [--seconds 5] [--users 10] [--cpu-prof DIR] [--pg postgres://…]
 *   (--users: applicants the connections are spread over; --cpu-prof: the service writes a V8 CPU profile to DIR)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { STEP_VERSION, type ApplicationView, type CallName } from '../src/core/domain';
import { ApiClient } from '../e2e/lib/api-client';
import { freePort, ops, startService, type Service } from '../e2e/lib/harness';
import { prefillSteps } from '../e2e/lib/prefill';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU time of the load generator (this process) in % of one core over the run */
  genCpu: number;
  /** CPU time of the server process in % of one core (NaN when it cannot be read) */
  serverCpu: number;
  /** the server process's CPU time in ms divided by the requests answered (NaN when it cannot be read) */
  cpuMsPerRequest: number;
}

/** The issue-27 targets: the service's CPU time per call, in ms, per engine. */
export const CPU_TARGET_MS: Record<Engine, Record<ServiceCall, number>> = {
  PGlite: { ApplyDetail: 1.5, 'ApplyUpdate (USERINFO)': 2.5 },
  PostgreSQL: { ApplyDetail: 0.6, 'ApplyUpdate (USERINFO)': 1.0 },
};
export type Engine = 'PGlite' | 'PostgreSQL';
export type ServiceCall = 'ApplyDetail' | 'ApplyUpdate (USERINFO)';

export interface EngineResult {
  engine: Engine;
  /** the best of the 10- and 50-connection runs, as a fraction of hello's rps */
  updateRatio: number;
  detailRatio: number;
  /** CPU ms per request: the lower of the 10- and 50-connection runs */
  cpuMs: Record<ServiceCall | 'hello', number>;
}

/** A process's user + system CPU time in ms from /proc (NaN where there is none). */
export function processCpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return NaN;
  }
}

/** `connections` loops each sending one request after another for `ms`; latencies in ms. */
/** `send(i)`: one request of connection loop i. */
export async function load(send: (connection: number) => Promise<void>, connections: number, ms: number, serverPid?: number): Promise<LoadResult> {
  const times: number[] = [];
  let errors = 0;
  const cpu0 = process.cpuUsage();
  const server0 = processCpuMs(serverPid);
  const t0 = performance.now();
  const end = t0 + ms;
  await Promise.all(
    Array.from({ length: connections }, async (_, i) => {
      while (performance.now() < end) {
        const t0 = performance.now();
        try {
          await send(i);
          times.push(performance.now() - t0);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const genCpu = ((cpu.user + cpu.system) / 1000 / wall) * 100;
  const serverMs = processCpuMs(serverPid) - server0;
  const serverCpu = (serverMs / wall) * 100;
  times.sort((a, b) => a - b);
  const at = (q: number) => (times.length ? times[Math.min(times.length - 1, Math.floor(q * times.length))] : NaN);
  return { rps: times.length / (ms / 1000), p50: at(0.5), p99: at(0.99), errors, genCpu, serverCpu, cpuMsPerRequest: serverMs / Math.max(1, times.length + errors) };
}

/** A keep-alive HTTP client (Node's fetch costs the load generator more than a bare hello costs the server). */
export function httpClient(connections: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  return (method: string, url: string, headers: Record<string, string> = {}, body?: string) =>
    new Promise<{ status: number; ciphered: boolean; text: string }>((resolve, reject) => {
      const req = request(url, { method, agent, headers: body ? { ...headers, 'content-length': String(Buffer.byteLength(body)) } : headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ciphered: res.headers['x-esop-cipher'] === '1', text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
}

/** A bare Fastify hello in its own process: the reference every service figure is set beside. */
export async function startHello(): Promise<{ base: string; pid: number; stop: () => Promise<void> }> {
  const port = await freePort();
  const code = `import Fastify from 'fastify'; const app = Fastify(); app.get('/', async () => ({ hello: 'world' })); await app.listen({ port: ${port}, host: '127.0.0.1' }); console.log('up');`;
  const child: ChildProcess = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  await once(child.stdout!, 'data');
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

const pct = (x: number) => (Number.isFinite(x) ? `${Math.round(x)}%` : '?').padStart(4);
const fmt = (r: LoadResult) =>
  `${String(Math.round(r.rps)).padStart(7)} rps  p50 ${r.p50.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms  cpu gen ${pct(r.genCpu)} srv ${pct(r.serverCpu)} (${Number.isFinite(r.cpuMsPerRequest) ? r.cpuMsPerRequest.toFixed(2) : '?'} ms CPU/req)${r.errors ? `  (${r.errors} errors)` : ''}`;

export interface Applicant {
  client: ApiClient;
  appId: string;
  userinfo: Record<string, unknown>;
}

/** One applicant of the load: a logged-in client with an application filled in up to PROOFADDRESS. */
export async function applicant(service: Service, phone: string): Promise<Applicant> {
  const client = new ApiClient(service.base);
  await client.call('tokenLogin', { t: await ops(service, 'app-token', phone, '--area', '852') });
  const { appId } = await client.call<{ appId: string }>('applyStart', { oaType: 2 });
  await prefillSteps(client, appId, 'PROOFADDRESS');
  const view = await client.call<ApplicationView>('applyDetail', { appId });
  return { client, appId, userinfo: view.data.USERINFO as Record<string, unknown> };
}

/**
 * `profileDir`: the service runs with --cpu-prof and writes its profile there when it stops.
 * `users`: the applicants the connections are spread over (connection i acts for applicant i mod users). One
 * applicant's saves all wait for the lock of one application row, which on PostgreSQL measures that lock, not the
 * service; real load comes from many applicants.
 * `postgresUrl`: also run the service on this PostgreSQL (default DATABASE_URL); PGlite is always measured.
 */
export async function runServiceBench(seconds = 5, profileDir?: string, users = 10, postgresUrl = process.env.DATABASE_URL): Promise<EngineResult[]> {
  const ms = seconds * 1000;
  const hello = await startHello();
  const helloRps: Record<number, LoadResult> = {};
  for (const c of [10, 50]) {
    const http = httpClient(c);
    const send = async () => {
      const r = await http('GET', hello.base);
      if (r.status !== 200) throw new Error(String(r.status));
    };
    await load(send, c, 1000); // warm
    helloRps[c] = await load(send, c, ms, hello.pid);
  }
  await hello.stop();
  const helloCpu = Math.min(helloRps[10].cpuMsPerRequest, helloRps[50].cpuMsPerRequest);

  const results: EngineResult[] = [];
  const engines: [Engine, Record<string, string>][] = [['PGlite', { DATABASE_URL: '' }]];
  if (postgresUrl) engines.push(['PostgreSQL', { DATABASE_URL: postgresUrl }]);
  for (const [engine, env] of engines) {
    const service: Service = await startService({ LOG_LEVEL: 'warn', NODE_ENV: 'development', ...env }, profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []);
    try {
      const people: Applicant[] = [];
      for (let i = 0; i < users; i += 5) {
        people.push(...(await Promise.all(Array.from({ length: Math.min(5, users - i) }, (_, j) => applicant(service, `612345${String(i + j).padStart(2, '0')}`)))));
      }
      const calls: Record<ServiceCall, (who: Applicant) => [CallName, Record<string, unknown>]> = {
        ApplyDetail: (who) => ['applyDetail', { appId: who.appId }],
        'ApplyUpdate (USERINFO)': (who) => ['applyUpdate', { appId: who.appId, stepVersion: STEP_VERSION, currentStep: 'USERINFO', data: who.userinfo }],
      };
      console.log(`\nservice on ${engine} against a bare Fastify hello, same run (${seconds} s each, loopback, ${users} applicant${users > 1 ? 's' : ''})`);
      const ratios: Record<string, number[]> = {};
      const cpu: Record<string, number[]> = {};
      for (const c of [10, 50]) {
        console.log(`  ${String(c).padStart(2)} connections  hello                   ${fmt(helloRps[c])}`);
        const http = httpClient(c);
        for (const [name, callOf] of Object.entries(calls) as [ServiceCall, (typeof calls)[ServiceCall]][]) {
          const send = async (i: number) => {
            const who = people[i % people.length];
            const [call, payload] = callOf(who);
            const req = await who.client.sealed(call, payload);
            const res = await http(req.method, req.url, req.headers, req.body);
            await req.open(res.ciphered, res.text);
          };
          await load(send, c, 1000); // warm
          const r = await load(send, c, ms, service.pid);
          const ratio = r.rps / helloRps[c].rps;
          (ratios[name] ??= []).push(ratio);
          (cpu[name] ??= []).push(r.cpuMsPerRequest);
          console.log(`                 ${name.padEnd(23)} ${fmt(r)}  ${(ratio * 100).toFixed(1)}% of hello`);
        }
      }
      const best = (name: string) => Math.max(...ratios[name]);
      const least = (name: string) => Math.min(...cpu[name]);
      const cpuMs = { hello: helloCpu, ApplyDetail: least('ApplyDetail'), 'ApplyUpdate (USERINFO)': least('ApplyUpdate (USERINFO)') };
      results.push({ engine, updateRatio: best('ApplyUpdate (USERINFO)'), detailRatio: best('ApplyDetail'), cpuMs });
    } finally {
      await service.stop();
    }
  }
  console.log('\nservice CPU time per request (process CPU time / requests, the lower of 10 and 50 connections)');
  console.log('engine       hello ms   ApplyDetail ms (target)   ApplyUpdate ms (target)');
  for (const r of results) {
    const cell = (name: ServiceCall) => {
      const v = r.cpuMs[name];
      const t = CPU_TARGET_MS[r.engine][name];
      return `${v.toFixed(2).padStart(6)} (≤ ${t.toFixed(1)})${v <= t ? '        ' : ' OVER   '}`;
    };
    console.log(`${r.engine.padEnd(12)} ${r.cpuMs.hello.toFixed(3).padStart(8)}   ${cell('ApplyDetail')}      ${cell('ApplyUpdate (USERINFO)')}`);
  }
  return results;
}

if (process.argv[1]?.endsWith('bench-service.ts')) {
  const i = process.argv.indexOf('--seconds');
  const seconds = i > 0 ? Number(process.argv[i + 1]) : 5;
  const p = process.argv.indexOf('--cpu-prof');
  const u = process.argv.indexOf('--users');
  const pg = process.argv.indexOf('--pg');
  void runServiceBench(seconds, p > 0 ? process.argv[p + 1] : undefined, u > 0 ? Number(process.argv[u + 1]) : undefined, pg > 0 ? process.argv[pg + 1] : process.env.DATABASE_URL).then(
    (results) => {
      for (const r of results) console.log(`ApplyUpdate at ${(r.updateRatio * 100).toFixed(1)}% of hello, ApplyDetail at ${(r.detailRatio * 100).toFixed(1)}% (${r.engine})`);
    },
    (err) => {
      console.error(err);
      process.exitCode = 1;
    },
  );
}
