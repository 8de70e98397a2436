/**
 * `npm run bench -- --isolation`: does a face check slow the web processes down? Against the production shape
 * (e2e/lib/cluster.ts: two web processes on PostgreSQL with S3 storage behind the round-robin balancer), the ciphered
 * ApplyDetail is sent by 10 connections for --seconds (default 10) alone, then again while three face checks are in
 * flight all the time (a real video against the applicant's ID card, kept three deep by three loops). Run twice: with
 * the checks worked by a separate worker process (JOBS=worker, the production setting), and, as the reference measured
 * in the same run, worked inside the web processes (JOBS=inline, as before issue 24). Two loads: closed (10
 * connections sending one request after another: the machine saturated, what it does to throughput) and open (a fixed
 * rate, 40% of the closed load's rate alone in the same run, each latency counted from the time the request was due,
 * so a stall is not hidden: what applicants see on a machine that is busy but not overloaded). Target: with the
 * worker, ApplyDetail's p99 while checks run within 1.5x of its p99 alone at the open load. Exits 1 when missed.
 */
import { readFileSync } from 'node:fs';
import { CALLS } from '../src/core/domain/calls-all';import type { ApplicationView } from '../src/core/domain/contract';
import { ApiClient } from '../e2e/lib/api-client';
import { startCluster, type Cluster } from '../e2e/lib/cluster';
import { prefillSteps, APPLICANT_FACE } from '../e2e/lib/prefill';
import { httpClient, load, type LoadResult } from './bench-service';
import { makeFaceVideo } from './make-face-video';
import { openPostgres } from '../server/src/db';
import { latestLoginCode } from '../server/src/modules/auth/ops-service';

const TARGET = 1.5;

async function loggedIn(cluster: Cluster, phone: string, area: string, address: string): Promise<ApiClient> {
  const db = openPostgres(cluster.databaseUrl, { max: 1, connectTimeoutMs: 10_000 });
  try {
    const client = new ApiClient(cluster.base, { headers: { 'x-forwarded-for': address } });
    const { salt } = await client.call<{ salt: string }>('sendCode', { value: phone, areaCode: area });
    let code: string | undefined;
    for (let i = 0; !code && i < 300; i++) {
      code = await latestLoginCode(db, area, phone).then((r) => r.code, () => undefined);
      if (!code) await new Promise((r) => setTimeout(r, 100));
    }
    await client.call('login', { areaCode: area, phone, code, salt });
    return client;
  } finally {
    await db.close();
  }
}

interface FaceApplicant {
  client: ApiClient;
  request: Record<string, unknown>;
  left: number;
}

/** Requests sent at a fixed rate (open loop); each latency from the time it was due, errors counted. */
async function atRate(send: (i: number) => Promise<void>, rps: number, ms: number): Promise<LoadResult> {
  const times: number[] = [];
  let errors = 0;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < Math.floor((rps * ms) / 1000); i++) {
    const due = started + (i * 1000) / rps;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(send(i).then(() => void times.push(performance.now() - due), () => void errors++));
  }
  await Promise.all(inFlight);
  times.sort((a, b) => a - b);
  const at = (q: number) => (times.length ? times[Math.min(times.length - 1, Math.floor(q * times.length))] : NaN);
  return { rps, p50: at(0.5), p99: at(0.99), errors, genCpu: NaN, serverCpu: NaN, cpuMsPerRequest: NaN };
}

interface Phase {
  alone: LoadResult;
  during: LoadResult;
}

async function measure(jobs: 'worker' | 'inline', seconds: number): Promise<{ closed: Phase; open: Phase; checks: number; failed: number }> {
  const cluster = await startCluster({ logLevel: 'error', worker: jobs === 'worker', env: { JOBS: jobs } });
  try {
    // the readers: ten Hong Kong applicants with their first steps saved
    const readers: ApiClient[] = [];
    for (let i = 0; i < 10; i++) {
      const c = await loggedIn(cluster, `6${String(2_000_000 + i)}`, '852', `198.18.1.${i + 1}`);
      const { appId } = await c.call<{ appId: string }>('applyStart', { oaType: 2 });
      await prefillSteps(c, appId, 'PROOFADDRESS');
      (c as ApiClient & { appId?: string }).appId = appId;
      readers.push(c);
    }
    // the faces: six mainland applicants up to the liveness step, each with its video uploaded (five checks a day each)
    const video = new Uint8Array(await makeFaceVideo(readFileSync(APPLICANT_FACE), { seconds: 3 }));
    const faces: FaceApplicant[] = [];
    for (let i = 0; i < 6; i++) {
      const c = await loggedIn(cluster, `137${String(20_000_000 + i)}`, '86', `198.18.2.${i + 1}`);
      const { appId } = await c.call<{ appId: string }>('applyStart', { oaType: 1 });
      await prefillSteps(c, appId, 'LIVINGWITNESS');
      const view = await c.call<ApplicationView>('applyDetail', { appId });
      const idcard = view.data.IDCARD as { chineseName: string; idNumber: string; documentInfo: { idCard: { front: { ossId: string } } } };
      const up = await c.uploadTo<{ ossId: string }>(CALLS.videoUpload.path, video, 'liveness.mp4');
      faces.push({ client: c, left: 5, request: { appId, videoOssId: up.ossId, name: idcard.chineseName, idNumber: idcard.idNumber, idcardFrontOssId: idcard.documentInfo.idCard.front.ossId } });
    }

    const http = httpClient(10);
    const detail = async (i: number) => {
      const c = readers[i % readers.length] as ApiClient & { appId: string };
      const req = await c.sealed('applyDetail', { appId: c.appId });
      const res = await http(req.method, req.url, req.headers, req.body);
      await req.open(res.ciphered, res.text);
    };
    await load(detail, 10, 2000); // warm
    const closedAlone = await load(detail, 10, seconds * 1000);
    const rate = Math.max(50, Math.round(closedAlone.rps * 0.4));
    const openAlone = await atRate(detail, rate, seconds * 1000);

    let checks = 0;
    let failed = 0;
    let stop = false;
    const loops = Array.from({ length: 3 }, async (_, k) => {
      while (!stop) {
        const f = faces.find((x, j) => x.left > 0 && j % 3 === k) ?? faces.find((x) => x.left > 0);
        if (!f) break;
        f.left--;
        await f.client.call('livingBodyVerifyRaw', f.request).then(
          () => checks++,
          () => failed++,
        );
      }
    });
    await new Promise((r) => setTimeout(r, 1000)); // the checks under way
    const closedDuring = await load(detail, 10, seconds * 1000);
    const openDuring = await atRate(detail, rate, seconds * 1000);
    stop = true;
    await Promise.all(loops);
    return { closed: { alone: closedAlone, during: closedDuring }, open: { alone: openAlone, during: openDuring }, checks, failed };
  } finally {
    await cluster.stop();
  }
}

export async function runIsolationBench(seconds = 10): Promise<boolean> {
  const fmt = (r: LoadResult) => `${String(Math.round(r.rps)).padStart(5)} rps  p50 ${r.p50.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms${r.errors ? `  (${r.errors} errors)` : ''}`;
  let ok = true;
  console.log('ApplyDetail over the balancer, two web processes on PostgreSQL; three face checks kept in flight (18 checks at most per run)');
  for (const jobs of ['worker', 'inline'] as const) {
    const r = await measure(jobs, seconds);
    console.log(`  ${jobs === 'worker' ? 'checks in the worker process' : 'checks in the web processes (reference)'}: ${r.checks} checks done, ${r.failed} refused`);
    for (const [name, phase] of [['closed, 10 connections', r.closed], [`open, ${r.open.alone.rps} rps`, r.open]] as const) {
      const ratio = phase.during.p99 / phase.alone.p99;
      console.log(`    ${name.padEnd(24)} alone  ${fmt(phase.alone)}`);
      console.log(`    ${''.padEnd(24)} during ${fmt(phase.during)}   p99 ×${ratio.toFixed(2)}`);
      if (jobs === 'worker' && name.startsWith('open') && !(ratio <= TARGET && r.checks > 0 && !phase.alone.errors && !phase.during.errors)) {
        ok = false;
        console.log(`    MISSED: p99 ×${ratio.toFixed(2)} (target ≤ ${TARGET} at the open load), ${r.checks} checks, errors ${phase.alone.errors + phase.during.errors}`);
      }
    }
  }
  return ok;
}
