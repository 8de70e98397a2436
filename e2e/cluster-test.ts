/**
 * The multi-process test (issue 24): two compiled web processes and a job worker on one PostgreSQL database with
 * S3 storage, behind a plain round-robin balancer (e2e/lib/cluster.ts), used over the balancer as applicants, staff
 * and an organisation's signer would: login by SMS code, uploads, ID card OCR, every step (with a real face check,
 * worked by the worker), the generated documents, submit, staff approval, downloads, a replay sent to the other
 * process, and a signing ticket from link to signed PDF. Every request alternates between the two processes.
 *
 *   CLUSTER_PG_URL=postgres://postgres@127.0.0.1:55432/postgres npm run test:cluster
 *
 * Prints one line per check and closes with "cluster: N passed, N failed"; exits 1 on any failure.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CALLS } from '../src/core/domain/calls-all';import { CA_DOCUMENTS } from '../src/core/domain/closing';
import type { ApplicationView } from '../src/core/domain/contract';
import type { StepName } from '../src/core/domain/steps';
import pg from 'pg';
import sharp from 'sharp';
import { ApiClient, ServiceError } from './lib/api-client';
import { startCluster, type Cluster } from './lib/cluster';
import { ops } from './lib/harness';
import { APPLICANT_FACE, busyRetried, prefillSteps } from './lib/prefill';
import { makeFaceVideo } from '../scripts/make-face-video';
import { verifySignedPdf } from './lib/signed-pdf';
import { makeIdFront, SAMPLE_FRONT } from '../scripts/make-card-images';
import { signAsOrganisation } from './lib/org-signing';

const results: { name: string; ok: boolean; ms: number; error?: string }[] = [];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function check(name: string, fn: () => Promise<void>): Promise<void> {
  const started = Date.now();
  try {
    await fn();
    results.push({ name, ok: true, ms: Date.now() - started });
    console.log(`  ✓ ${name} (${Date.now() - started} ms)`);
  } catch (err) {
    const data = err instanceof ServiceError && err.data !== undefined ? `\n    data: ${JSON.stringify(err.data).slice(0, 600)}` : '';
    const error = ((err as Error).stack?.split('\n').slice(0, 6).join('\n    ') ?? String(err)) + data;
    results.push({ name, ok: false, ms: Date.now() - started, error });
    console.log(`  ✗ ${name}\n    ${error}`);
  }
}

function assert(cond: unknown, message: string): asserts cond {
  if (!cond) throw new Error(message);
}

async function errorCodeOf(p: Promise<unknown>): Promise<number | string | undefined> {
  try {
    await p;
    return undefined;
  } catch (err) {
    if (err instanceof ServiceError) return err.code;
    throw err;
  }
}

/** The login code the (console) SMS vendor handed over: sent by a job of the worker, so it may come a moment later. */
async function codeFor(cluster: Cluster, phone: string, area: string): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const code = await ops(cluster, 'code', phone, '--area', area).catch(() => '');
    if (/^\d{4,8}$/.test(code)) return code;
    if (Date.now() > deadline) throw new Error(`no login code for ${phone}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

async function loggedIn(cluster: Cluster, phone: string, area: string): Promise<ApiClient> {
  const client = new ApiClient(cluster.base);
  const { salt } = await client.call<{ salt: string }>('sendCode', { value: phone, areaCode: area });
  await client.call('login', { areaCode: area, phone, code: await codeFor(cluster, phone, area), salt });
  return client;
}

/**
 * Both processes answer a signed download of the caller's file with the same bytes: the picture uploaded, as the
 * service keeps it (every image is encoded again: the same format and size, no metadata or appended bytes).
 */
async function downloadsFromBoth(cluster: Cluster, client: ApiClient, ossId: string, uploaded: Uint8Array): Promise<void> {
  const { ossUrl } = await client.call<{ ossUrl: string }>('signedUrl', { ossid: ossId });
  const copies: Buffer[] = [];
  for (const base of cluster.webBases) {
    const res = await fetch(new URL(ossUrl, base), { headers: { cookie: client.cookieHeader() } });
    assert(res.status === 200, `download from ${base}: ${res.status}`);
    copies.push(Buffer.from(await res.arrayBuffer()));
  }
  assert(copies.every((c) => c.equals(copies[0])), 'the two processes gave other bytes');
  const [kept, sent] = await Promise.all([sharp(copies[0]).metadata(), sharp(uploaded).metadata()]);
  assert(kept.format === sent.format && kept.width === sent.width && kept.height === sent.height, `the picture kept: ${kept.format} ${kept.width}x${kept.height}`);
}

const cluster = await startCluster({ dbProxy: true });
console.log(`cluster: web ${cluster.webBases.join(', ')}, worker pid ${cluster.workerPid}, balancer ${cluster.base}`);
try {
  await check('a ciphered request replayed through the balancer lands on the other process and is refused (100604)', async () => {
    const client = new ApiClient(cluster.base);
    await client.handshake();
    const req = await client.sealed('clientConfig');
    const send = () => fetch(req.url, { method: req.method, headers: req.headers, body: req.body });
    const before = [...cluster.balancer.served];
    const first = await send();
    await req.open(first.headers.get('x-esop-cipher') === '1', await first.text());
    const again = await send();
    const text = await again.text();
    const served = cluster.balancer.served.map((n, i) => n - before[i]);
    assert(served.every((n) => n === 1), `the two sends went to ${JSON.stringify(served)}`);
    const code = await errorCodeOf(req.open(again.headers.get('x-esop-cipher') === '1', text));
    assert(code === 100604, `replay answered ${code ?? 'ok'}`);
  });

  await check('a mainland applicant: SMS login, ID card OCR, every step with a face check by the worker, documents, submit, approval', async () => {
    const client = await loggedIn(cluster, '13800138001', '86');
    const { appId } = await client.call<{ appId: string }>('applyStart', { oaType: 1 });
    const front = new Uint8Array(await makeIdFront());
    const up = await client.upload(front, 'id-front.jpg', 'UserInfo');
    const read = await client.call<{ idNumber: string; name: string }>('idcardOcr', { ossId: up.ossId });
    assert(read.idNumber === SAMPLE_FRONT.idNumber, `OCR read ${read.idNumber}`);
    await downloadsFromBoth(cluster, client, up.ossId, front);
    // every step, the certificate step (CAAPPLY: the generated documents) last
    const saved = await prefillSteps(client, appId, 'none' as StepName);
    assert(saved.includes('LIVINGWITNESS') && saved.includes('CAAPPLY'), `steps saved: ${saved.join(', ')}`);
    for (const document of CA_DOCUMENTS) {
      const doc = await client.call<{ ossId: string }>('applyDocument', { appId, document });
      const { ossUrl } = await client.call<{ ossUrl: string }>('signedUrl', { ossid: doc.ossId });
      for (const base of cluster.webBases) {
        const res = await fetch(new URL(ossUrl, base), { headers: { cookie: client.cookieHeader() } });
        const bytes = Buffer.from(await res.arrayBuffer());
        assert(res.status === 200 && bytes.subarray(0, 5).toString() === '%PDF-', `document from ${base}: ${res.status}`);
      }
    }
    await client.call('applySubmit', { appId });
    await ops(cluster, 'approve', appId);
    const view = await client.call<ApplicationView>('applyDetail', { appId });
    assert(view.applyStatus !== undefined, 'no status after approval');
    const apps = await ops(cluster, 'app', appId);
    assert(/approved|opened|3/i.test(apps), `ops app: ${apps.slice(0, 200)}`);
  });

  await check('a Hong Kong applicant: every step saved over alternating processes, submitted and approved', async () => {
    const client = await loggedIn(cluster, '61230024', '852');
    const { appId } = await client.call<{ appId: string }>('applyStart', { oaType: 2 });
    await prefillSteps(client, appId, 'CAAPPLY', { accountType: 1 });
    await client.call('applySubmit', { appId });
    await ops(cluster, 'approve', appId);
  });

  await check('a database blip of 8 s under load: calls answer 503 100502 "try again", no applicant is logged out, and each goes on afterwards', async () => {
    const clients = await Promise.all(['61230101', '61230102', '61230103', '61230104'].map((phone) => loggedIn(cluster, phone, '852')));
    const { appId } = await clients[0].call<{ appId: string }>('applyStart', { oaType: 2 });
    const sessions = clients.map((c) => c.cookie('esop_sid'));
    const seen = new Map<string, number>();
    let running = true;
    const load = clients.map(async (c) => {
      while (running) {
        const code = String((await errorCodeOf(c.call('userInfo'))) ?? 'ok');
        seen.set(code, (seen.get(code) ?? 0) + 1);
        await sleep(100);
      }
    });
    await sleep(500);
    await cluster.dbProxy!.cut(8000);
    // the processes are ready again once their pools reconnect
    for (const base of cluster.webBases) {
      const deadline = Date.now() + 30_000;
      while ((await fetch(`${base}/readyz`).then((r) => r.status, () => 0)) !== 200) {
        assert(Date.now() < deadline, `${base} not ready 30 s after the blip`);
        await sleep(250);
      }
    }
    await sleep(1000);
    running = false;
    await Promise.all(load);
    const answers = Object.fromEntries(seen);
    assert((seen.get('100502') ?? 0) > 0, `no "try again" during the blip: ${JSON.stringify(answers)}`);
    assert([...seen.keys()].every((k) => k === 'ok' || k === '100502'), `answers other than ok and 100502: ${JSON.stringify(answers)}`);
    assert(clients.every((c, i) => c.cookie('esop_sid') === sessions[i]), 'a session cookie was cleared or changed');
    for (const c of clients) await c.call('userInfo');
    // the applicant's application goes on to submission on the same session
    await prefillSteps(clients[0], appId, 'CAAPPLY', { accountType: 1 });
    await clients[0].call('applySubmit', { appId });
    console.log(`    answers during the load: ${JSON.stringify(answers)}`);
  });

  await check('a worker killed (SIGKILL) during a face check: a new worker takes the job over within the request, the applicant gets the answer', async () => {
    const client = await loggedIn(cluster, '13800138002', '86');
    const { appId } = await client.call<{ appId: string }>('applyStart', { oaType: 1 });
    await prefillSteps(client, appId, 'LIVINGWITNESS');
    const view = await client.call<ApplicationView>('applyDetail', { appId });
    const idcard = view.data.IDCARD as { chineseName: string; idNumber: string; documentInfo: { idCard: { front: { ossId: string } } } };
    const video = await makeFaceVideo(readFileSync(APPLICANT_FACE), { seconds: 3 });
    const up = await client.uploadTo<{ ossId: string }>(CALLS.videoUpload.path, new Uint8Array(video), 'liveness.mp4');
    const started = Date.now();
    const send = () => client.call<{ id: number }>('livingBodyVerifyRaw', { appId, videoOssId: up.ossId, name: idcard.chineseName, idNumber: idcard.idNumber, idcardFrontOssId: idcard.documentInfo.idCard.front.ossId });
    let tries = 0;
    const verifying = busyRetried(() => (tries++, send()));
    verifying.catch(() => undefined);
    const db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
    try {
      // the only worker takes it; killed with the check in hand, and a new worker started (as a platform restarts it)
      let jobId: string | undefined;
      while (!jobId) {
        assert(Date.now() - started < 60_000, 'the face check was not taken by the worker');
        jobId = (await db.query<{ id: string }>("SELECT id FROM pgboss.job WHERE name = 'face.check' AND state = 'active' AND created_on > now() - interval '2 minutes'")).rows[0]?.id;
        if (!jobId) await sleep(100);
      }
      await cluster.killWorker(cluster.workerPid!);
      const killed = Date.now();
      await cluster.addWorker();
      const check = await verifying;
      assert(check.id > 0, `the check answered ${JSON.stringify(check)}`);
      // not lost: the dead worker's job was failed by its heartbeat and run again by the new worker
      const { rows } = await db.query<{ state: string; retry_count: number }>('SELECT state, retry_count FROM pgboss.job WHERE id = $1', [jobId]);
      assert(rows[0]?.retry_count === 1, `the job: ${JSON.stringify(rows[0])}`);
      console.log(`    answered ${((Date.now() - killed) / 1000).toFixed(1)} s after the kill, ${tries === 1 ? 'in the same request' : `after ${tries - 1} busy answer(s) counted down`}; the job ${rows[0].state}, run ${rows[0].retry_count + 1} times`);
    } finally {
      await db.end();
    }
  });

  await check("an organisation's signer: link, ID number, photo, certificate, board resolution, signature; the signed PDF verifies", async () => {
    const { ticketId } = await signAsOrganisation(cluster.base, (...args) => ops(cluster, ...args), { reg: '70000024', name: 'Example Cluster Trading Limited', nameZh: '示例集群貿易有限公司' });
    const dir = mkdtempSync(join(tmpdir(), 'cluster-sign-'));
    try {
      const out = join(dir, 'opening-form.pdf');
      await ops(cluster, 'sign-export', ticketId, '--document', 'openingForm', '--out', out);
      // one authority for every process: the root the ops CLI prints is the one the signature chains to
      verifySignedPdf(readFileSync(out), await ops(cluster, 'sign-ca-cert'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  await check('the balancer sent every other request to each process (no stickiness)', async () => {
    const [a, b] = cluster.balancer.served;
    assert(a >= 40 && b >= 40, `served ${a} and ${b}`);
    assert(Math.abs(a - b) <= 1, `served ${a} and ${b}`);
    const trail = cluster.balancer.trail;
    assert(trail.every((u, i) => i === 0 || u !== trail[i - 1]), 'two requests in a row went to one process');
  });
  await check('the SMS, the OCR readings and the face checks were jobs, worked by the worker process (the web processes only send them)', async () => {
    const db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query<{ name: string; n: number }>("SELECT name, count(*)::int AS n FROM pgboss.job WHERE state = 'completed' GROUP BY name");
      const done = Object.fromEntries(rows.map((r) => [r.name, r.n]));
      for (const name of ['sms.send', 'ocr.read', 'face.check']) assert((done[name] ?? 0) >= 1, `completed jobs: ${JSON.stringify(done)}`);
    } finally {
      await db.end();
    }
    assert(cluster.log.some((l) => l.startsWith('[worker]')) || cluster.workerPid, 'no worker process');
  });
} finally {
  const log = cluster.log;
  await check('every process drains and exits 0 on SIGTERM', async () => {
    await cluster.stop();
  });
  if (results.some((r) => !r.ok)) console.log('--- cluster log (tail) ---\n' + log.slice(-60).join(''));
}
const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
console.log(`cluster: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
