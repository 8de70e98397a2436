/**
 * `npm run bench -- --load N`: N simulated applicants, half mainland (cn) and half Hong Kong (hk), each completing the
 * whole flow over the API against the production shape (e2e/lib/cluster.ts: two web processes and a job worker on
 * PostgreSQL with S3 storage, behind a round-robin balancer): SMS code and login, application start, for cn the ID
 * card read by OCR, every step saved with real uploads (for cn a real face check, worked by the worker), the
 * generated documents, submit. Applicants arrive --concurrency at a time (default 20), each from an address of its
 * own (X-Forwarded-For in 198.18.0.0/15, the benchmarking range; the cluster trusts its loopback balancer), so the
 * per-address limits see what they would see in production. Prints p50/p99/max per call and every error.
 *
 *   CLUSTER_PG_URL=postgres://postgres@127.0.0.1:55432/postgres npm run bench -- --load 300 [--concurrency 20]
 */
import { cpus, loadavg } from 'node:os';
import { ApiClient, ServiceError } from '../e2e/lib/api-client';
import { startCluster } from '../e2e/lib/cluster';
import { prefillSteps } from '../e2e/lib/prefill';
import type { StepName } from '../src/core/domain/steps';
import { makeIdFront } from './make-card-images';
import { openPostgres } from '../server/src/db';
import { latestLoginCode } from '../server/src/modules/auth/ops-service';

interface Sample {
  ms: number;
  error?: string;
}

const quantile = (sorted: number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN);

export async function runLoadBench(applicants: number, concurrency: number): Promise<{ errors: number }> {
  const samples = new Map<string, Sample[]>();
  const observe = (call: string, ms: number, error?: unknown) => {
    const list = samples.get(call) ?? [];
    list.push({ ms, error: error === undefined ? undefined : error instanceof ServiceError ? `${error.code} ${error.message}` : String(error) });
    samples.set(call, list);
  };
  const flowErrors: string[] = [];
  const started = Date.now();
  console.log(`load: ${applicants} applicants (cn and hk alternately), ${concurrency} at a time, on ${cpus().length} cores; starting the cluster…`);
  const cluster = await startCluster({ logLevel: 'error', env: JSON.parse(process.env.CLUSTER_ENV ?? '{}') as Record<string, string> });
  const db = openPostgres(cluster.databaseUrl, { max: 2, connectTimeoutMs: 10_000 });
  const front = new Uint8Array(await makeIdFront());
  let finished = 0;
  try {
    const one = async (i: number) => {
      const kind = i % 2 === 0 ? 'cn' : 'hk';
      const area = kind === 'cn' ? '86' : '852';
      const phone = kind === 'cn' ? `139${String(10_000_000 + i).slice(-8)}` : `6${String(1_000_000 + i).slice(-7)}`;
      const address = `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}`;
      const client = new ApiClient(cluster.base, { headers: { 'x-forwarded-for': address }, observe });
      try {
        const { salt } = await client.call<{ salt: string }>('sendCode', { value: phone, areaCode: area });
        let code: string | undefined;
        for (let tries = 0; !code && tries < 300; tries++) {
          code = await latestLoginCode(db, area, phone).then((r) => r.code, () => undefined);
          if (!code) await new Promise((r) => setTimeout(r, 100));
        }
        if (!code) throw new Error('no login code was handed to the SMS vendor within 30 s');
        await client.call('login', { areaCode: area, phone, code, salt });
        const { appId } = await client.call<{ appId: string }>('applyStart', { oaType: kind === 'cn' ? 1 : 2 });
        if (kind === 'cn') {
          const up = await client.upload(front, 'id-front.jpg', 'UserInfo');
          await client.call('idcardOcr', { ossId: up.ossId });
        }
        // every step (a mainland application's certificate step, CAAPPLY, with the generated documents, last)
        await prefillSteps(client, appId, (kind === 'hk' ? 'CAAPPLY' : 'none') as StepName, kind === 'hk' ? { accountType: 1 } : {});
        await client.call('applySubmit', { appId });
      } catch (err) {
        flowErrors.push(`applicant ${i} (${kind}): ${(err as Error).message}`);
      } finally {
        finished++;
        if (finished % 25 === 0) console.log(`  ${finished}/${applicants} done, ${Math.round((Date.now() - started) / 1000)} s, load ${loadavg()[0].toFixed(1)}`);
      }
    };
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(concurrency, applicants) }, async () => {
        while (next < applicants) await one(next++);
      }),
    );
  } finally {
    await db.close();
    await cluster.stop().catch((err: Error) => flowErrors.push(`cluster stop: ${err.message}`));
  }

  const seconds = (Date.now() - started) / 1000;
  console.log(`\nload: ${applicants} applicants in ${seconds.toFixed(0)} s; balancer sent ${cluster.balancer.served.join(' / ')} requests to the two web processes`);
  console.log('call                         count     p50 ms    p99 ms    max ms  errors');
  let errors = 0;
  let waited = 0;
  // a busy answer (100503 with the seconds to wait) is the honest queue: the phone counts it down and sends again, so it
  // is counted apart, not as an error; the applicant's flow fails only if it never gets through (flow errors below)
  const isBusy = (s: Sample) => !!s.error?.startsWith(`${100503} `);
  for (const [call, list] of [...samples].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const ms = list.map((s) => s.ms).sort((a, b) => a - b);
    const bad = list.filter((s) => s.error && !isBusy(s));
    waited += list.filter(isBusy).length;
    errors += bad.length;
    const fmt = (n: number) => n.toFixed(0).padStart(9);
    console.log(`${call.padEnd(26)} ${String(list.length).padStart(7)} ${fmt(quantile(ms, 0.5))} ${fmt(quantile(ms, 0.99))} ${fmt(ms[ms.length - 1])}  ${String(bad.length).padStart(6)}`);
  }
  const distinct = new Map<string, number>();
  for (const list of samples.values()) for (const s of list) if (s.error) distinct.set(s.error, (distinct.get(s.error) ?? 0) + 1);
  for (const [e, n] of distinct) console.log(`  error ×${n}: ${e}`);
  for (const e of flowErrors.slice(0, 20)) console.log(`  flow: ${e}`);
  console.log(`load: ${applicants - flowErrors.length} of ${applicants} applicants submitted, ${errors} call errors, ${waited} busy answers waited out`);
  return { errors: errors + flowErrors.length };
}
