/**
 * Dev tool (issue 27): the service's CPU time per request of a ciphered ApplyUpdate (a full save of USERINFO) and
 * ApplyDetail, next to a bare Fastify hello measured in the same run. The service runs as `npm start` would (its own
 * process, embedded PGlite in a fresh DATA_DIR, or PostgreSQL when DATABASE_URL is set), logged in for real; each
 * figure is the server process's user + system CPU time (/proc/<pid>/stat) over a fixed number of requests, divided
 * by that number: the figure least moved by other load on the machine (unlike requests a second).
 *
 *   npx tsx scripts/cpu-per-call.ts [--requests 2000] [--connections 4] [--users 4] [--cpu-prof DIR] [--only ApplyUpdate]
 *   (--cpu-prof: the service writes a V8 CPU profile to DIR when it stops; --only: run that call alone, e.g. for a profile)
 */
import { STEP_VERSION, type CallName } from '../src/core/domain';
import { startService } from '../e2e/lib/harness';
import { applicant, httpClient, processCpuMs, startHello, type Applicant } from './bench-service';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
}

/** `requests` requests over `connections` loops; the server's CPU ms per request. Any failed request stops the run. */
async function cpuPerRequest(pid: number, send: (i: number) => Promise<void>, requests: number, connections: number): Promise<number> {
  let left = requests;
  const loop = async (i: number) => {
    while (left > 0) {
      left -= 1;
      await send(i);
    }
  };
  left = Math.min(200, requests); // warm
  await Promise.all(Array.from({ length: connections }, (_, i) => loop(i)));
  left = requests;
  const c0 = processCpuMs(pid);
  await Promise.all(Array.from({ length: connections }, (_, i) => loop(i)));
  return (processCpuMs(pid) - c0) / requests;
}

async function main(): Promise<void> {
  const requests = Number(arg('requests', '2000'));
  const connections = Number(arg('connections', '4'));
  const users = Number(arg('users', '4'));
  const profileDir = arg('cpu-prof', '');
  const only = arg('only', '');
  const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

  const hello = await startHello();
  const helloHttp = httpClient(connections);
  const helloMs = await cpuPerRequest(hello.pid, async () => {
    const r = await helloHttp('GET', hello.base);
    if (r.status !== 200) throw new Error(`hello answered ${r.status}`);
  }, requests, connections);
  await hello.stop();

  const service = await startService({ LOG_LEVEL: 'warn', NODE_ENV: 'development' }, profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []);
  try {
    const people: Applicant[] = [];
    for (let i = 0; i < users; i += 1) people.push(await applicant(service, `612345${String(i).padStart(2, '0')}`));
    const calls: Record<string, (who: Applicant) => [CallName, Record<string, unknown>]> = {
      ApplyUpdate: (who) => ['applyUpdate', { appId: who.appId, stepVersion: STEP_VERSION, currentStep: 'USERINFO', data: who.userinfo }],
      ApplyDetail: (who) => ['applyDetail', { appId: who.appId }],
    };
    const http = httpClient(connections);
    console.log(`CPU per request (${engine}, ${requests} requests over ${connections} connections, ${users} applicants)`);
    console.log(`  hello        ${helloMs.toFixed(3)} ms`);
    for (const [name, callOf] of Object.entries(calls)) {
      if (only && only !== name) continue;
      const ms = await cpuPerRequest(service.pid!, async (i) => {
        const who = people[i % people.length];
        const [call, payload] = callOf(who);
        const req = await who.client.sealed(call, payload);
        const res = await http(req.method, req.url, req.headers, req.body);
        if (res.status !== 200) throw new Error(`${name} answered ${res.status}: ${res.text}`);
        await req.open(res.ciphered, res.text);
      }, requests, connections);
      console.log(`  ${name.padEnd(12)} ${ms.toFixed(3)} ms  (${(ms / helloMs).toFixed(0)}x hello)`);
    }
  } finally {
    await service.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
