/**
 * Flat with scale (issue 12): the ciphered ApplyDetail and the ID-card save (a full ApplyUpdate of IDCARD with a fresh
 * valid ID number each request: the validators, the duplicate lookup in identity_numbers, the write of the number,
 * the application row and the audit entry) measured with about 1k applications in the database, then again after
 * the tables were grown with set-based SQL to --rows applications, with the ratio; then EXPLAIN (ANALYZE) of the hot
 * queries (the save's and ApplyDetail's reads, the ops lists) at that size. Exit 1 when a rate at --rows is below
 * its rate at 1k divided by 1.2.
 *
 * The service runs as its own process (as `npm start` would) on embedded PGlite in a fresh DATA_DIR, or on PostgreSQL
 * when DATABASE_URL is set (use a throw-away database: it is grown, never emptied). PGlite's data dir can be opened by
 * one process only, so the tables are grown (and explained) while the service is stopped, on both engines alike.
 *
 *   npx tsx scripts/scale.ts [--rows 1000000] [--base 1000] [--users 30] [--connections 10] [--seconds 5] [--batch 20000]
 *
 * Each bench applicant is a fresh user (an app token signed here with the service's APP_TOKEN_SECRET) whose mainland
 * application has its IDCARD saved once (real uploads, e2e/lib/prefill.ts); the identity saves are limited to 20 an
 * hour per user, so a phase sends 19 saves for each of --users applicants (the first round is the warm-up), each from
 * its own address (TRUST_PROXY=loopback, X-Forwarded-For in 198.18.0.0/15, the benchmarking range) like applicants do.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes, randomInt } from 'node:crypto';
import { STEP_STATUS, STEP_VERSION, STEPS_OF, type ApplicationView, type StepName } from '../src/core/domain';
import { cnIdCheckDigit } from '../src/core/domain/identity';
import { sampleStep, type SampleFile, type SampleSource } from '../src/core/domain/step-samples';
import { stepContextOfApp } from '../src/core/domain/step-rules/types';
import { ApiClient } from '../e2e/lib/api-client';
import { startService, type Service } from '../e2e/lib/harness';
import { prefillSteps } from '../e2e/lib/prefill';
import { httpClient, load, type LoadResult as FullLoadResult } from './bench-service';

/** What this script reports of a run (the bench's CPU figures are not needed here). */
type LoadResult = Pick<FullLoadResult, 'rps' | 'p50' | 'p99' | 'errors'>;
import { signAppToken } from '../server/src/vendors/app-token';
import { openDatabase, type Db } from '../server/src/db';
import { migrate } from '../server/src/db/migrate';
import { auditTrail } from '../server/src/db/audit';
import * as apps from '../server/src/modules/applications/repository';
import { listEvents } from '../server/src/modules/applications/events-repository';
import { heldBy, ownFilesOf, savedNumbers } from '../server/src/modules/applications/identity-repository';
import { findSessionUser, purgeLoginCodes, purgeSessions } from '../server/src/modules/auth/repository';

// ------------------------------------------------------------------------------------------- options

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const v = Number(process.argv[i + 1]);
  if (!Number.isInteger(v) || v <= 0) throw new Error(`--${name} must be a positive whole number`);
  return v;
}
const ROWS = option('rows', 1_000_000);
const BASE = option('base', 1000);
const USERS = option('users', 30);
const CONNECTIONS = option('connections', 10);
const SECONDS = option('seconds', 5);
const BATCH = option('batch', 20_000);
const LIMIT = 1.2;
const SAVES_PER_USER = 19; // identitySave allows 20 an hour per user; prefill used one

const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const dataDir = mkdtempSync(join(tmpdir(), 'scale-'));
const tokenSecret = randomBytes(32).toString('base64url');
const serviceEnv = { DATA_DIR: dataDir, APP_TOKEN_SECRET: tokenSecret, TRUST_PROXY: 'loopback', LOG_LEVEL: 'warn', NODE_ENV: 'development' };
const openDb = () => openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });

const randomIp = () => `198.${18 + randomInt(2)}.${randomInt(256)}.${1 + randomInt(254)}`;
// every request of this process to the service comes from an address of its own (the limits per address are not
// what is measured); the service believes X-Forwarded-For from loopback (TRUST_PROXY=loopback)
const realFetch = globalThis.fetch;
globalThis.fetch = ((input: Parameters<typeof fetch>[0], init: RequestInit = {}) =>
  realFetch(input, { ...init, headers: { ...((init.headers as Record<string, string> | undefined) ?? {}), 'x-forwarded-for': randomIp() } })) as typeof fetch;

const secs = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

// ------------------------------------------------------------------------------------------- ID numbers

/**
 * A valid mainland ID number (region 440305, the samples' region; the grown rows use 110101) and its birthday: born
 * 1955-01-01 + n % 16000 days (aged 27 to 71, under the 76 of tooOld), a male's sequence digits from n.
 */
let idSeq = randomInt(1_000_000);
function freshIdNumber(): { idNumber: string; birthday: string } {
  const n = idSeq++;
  const day = new Date(Date.UTC(1955, 0, 1) + (n % 16_000) * 86_400_000).toISOString().slice(0, 10);
  const first17 = `440305${day.replace(/-/g, '')}${String(Math.floor(n / 16_000) % 100).padStart(2, '0')}${'13579'[Math.floor(n / 1_600_000) % 5]}`;
  return { idNumber: first17 + cnIdCheckDigit(first17), birthday: day };
}

// ------------------------------------------------------------------------------------------- bench applicants

interface Applicant {
  client: ApiClient;
  appId: string;
  idcard: Record<string, unknown>;
}

let phoneSeq = randomInt(1_000_000);
async function applicant(service: Service): Promise<Applicant> {
  const client = new ApiClient(service.base);
  const phone = `6${String(phoneSeq++ % 10_000_000).padStart(7, '0')}`;
  await client.call('tokenLogin', { t: signAppToken(tokenSecret, { phone, areaCode: '852', exp: Math.floor(Date.now() / 1000) + 3600 }) });
  const { appId } = await client.call<{ appId: string }>('applyStart', { oaType: 1 });
  await prefillSteps(client, appId, 'BANKCARD');
  const view = await client.call<ApplicationView>('applyDetail', { appId });
  return { client, appId, idcard: view.data.IDCARD as Record<string, unknown> };
}

async function applicants(service: Service): Promise<Applicant[]> {
  const t0 = performance.now();
  const out: Applicant[] = [];
  for (let i = 0; i < USERS; i += 5) out.push(...(await Promise.all(Array.from({ length: Math.min(5, USERS - i) }, () => applicant(service)))));
  console.log(`  ${USERS} applicants logged in, each with IDCARD saved once (${secs(t0)})`);
  return out;
}

/** Runs the items over `connections` loops, one request after another; the first `warm` are not counted. */
async function runQueue<T>(items: T[], warm: number, connections: number, send: (item: T) => Promise<void>): Promise<LoadResult> {
  let next = 0;
  let errors = 0;
  const times: number[] = [];
  let started = 0;
  let t0 = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      for (;;) {
        const i = next++;
        if (i >= items.length) return;
        if (i === warm) t0 = performance.now();
        const t = performance.now();
        try {
          await send(items[i]);
          if (i >= warm) {
            times.push(performance.now() - t);
            started += 1;
          }
        } catch (err) {
          errors += 1;
          if (errors <= 3) console.error(`  a request failed: ${(err as Error).message}`);
        }
      }
    }),
  );
  const ms = performance.now() - t0;
  times.sort((a, b) => a - b);
  const at = (q: number) => (times.length ? times[Math.min(times.length - 1, Math.floor(q * times.length))] : NaN);
  return { rps: started / (ms / 1000), p50: at(0.5), p99: at(0.99), errors };
}

interface Figures {
  applications: number;
  detail: LoadResult;
  save: LoadResult;
}

async function measure(service: Service, size: number): Promise<Figures> {
  console.log(`\nat ${size.toLocaleString('en')} applications (${engine})`);
  const people = await applicants(service);
  const http = httpClient(CONNECTIONS);
  let turn = 0;
  const detail = async () => {
    const a = people[turn++ % people.length];
    const req = await a.client.sealed('applyDetail', { appId: a.appId });
    const res = await http(req.method, req.url, { ...req.headers, 'x-forwarded-for': randomIp() }, req.body);
    await req.open(res.ciphered, res.text);
  };
  await load(detail, CONNECTIONS, 1000);
  const d = await load(detail, CONNECTIONS, SECONDS * 1000);
  console.log(`  ApplyDetail        ${fmt(d)}`);
  // round r sends one save of every applicant: concurrent saves are of different applications
  const queue = Array.from({ length: SAVES_PER_USER }, () => people).flat();
  const save = async (a: Applicant) => {
    const req = await a.client.sealed('applyUpdate', { appId: a.appId, stepVersion: STEP_VERSION, currentStep: 'IDCARD', data: { ...a.idcard, ...freshIdNumber() } });
    const res = await http(req.method, req.url, { ...req.headers, 'x-forwarded-for': randomIp() }, req.body);
    await req.open(res.ciphered, res.text);
  };
  const s = await runQueue(queue, people.length, CONNECTIONS, save);
  console.log(`  ID-card save       ${fmt(s)}  (${queue.length - people.length} saves after ${people.length} warm-up)`);
  return { applications: size, detail: d, save: s };
}

const fmt = (r: LoadResult) => `${String(Math.round(r.rps)).padStart(6)} rps  p50 ${r.p50.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms${r.errors ? `  (${r.errors} errors)` : ''}`;

// ------------------------------------------------------------------------------------------- growing the tables

/** Step data of a whole mainland application from the domain's samples (file refs made up; the grown rows' files are rows of their own). */
async function templates(): Promise<{ full: Record<string, unknown>; partial: Record<string, unknown>; steps: StepName[] }> {
  const steps = [...STEPS_OF.cn];
  const data: Record<string, unknown> = {};
  let fileSeq = 0;
  const file = async (category: 'UserInfo' | 'UserApply'): Promise<SampleFile> => {
    const ossId = `tmpl${String(fileSeq++).padStart(20, '0')}`;
    return { ossId, url: `/kyc/oss/v1/Download?ossId=${ossId}`, description: 'photo.png', ossCategory: category };
  };
  const src: SampleSource = {
    file,
    amlCheck: async () => ({ hitStatus: 0, amlInfoId: randomBytes(15).toString('base64url') }),
    context: async () => stepContextOfApp({ clientType: 'cn', applyStepsName: steps, data }, new Date().toISOString().slice(0, 10)),
    now: () => new Date(),
    riskDisclosure: async () => 'zh',
    faceCheck: async () => ({ id: 1, picture: await file('UserApply') }),
    caDocument: async (document) => ({ accountOpeningForm: 'doc1', w8ben: 'doc2', selfCertificationForm: 'doc3' })[document],
  };
  for (const step of steps) data[step] = await sampleStep(step, src, { birthday: '1985-06-15' });
  const partial = Object.fromEntries(steps.slice(0, 5).map((s) => [s, data[s]]));
  return { full: data, partial, steps };
}

const count = async (db: Db, table: string) => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;

/**
 * Adds applications until there are `target`, in batches of one transaction each. Row i (counted on from the rows
 * there are) is a mainland applicant: 40% drafts up to INVESTMENT, 40% submitted (1200), 10% opened (4000, with a
 * sub-account), 10% archived drafts; each with its user, identity number (held once submitted), ID card images and,
 * when submitted, its signature, documents, face check, AML check and events; an audit entry per saved step; 1% of the
 * users have a live session and a recent login code (the older ones are purged by the service).
 */
async function grow(target: number): Promise<void> {
  const db = await openDb();
  try {
    await migrate(db);
    const have = await count(db, 'applications');
    if (have >= target) return;
    const t = await templates();
    const full = t.full;
    const partial = t.partial;
    const run = randomBytes(3).toString('hex');
    const t0 = performance.now();
    console.log(`\ngrowing ${engine} from ${have.toLocaleString('en')} to ${target.toLocaleString('en')} applications (batches of ${BATCH.toLocaleString('en')})`);
    let last = performance.now();
    for (let lo = have; lo < target; lo += BATCH) {
      const hi = Math.min(target, lo + BATCH);
      await db.transaction(async (tx) => growBatch(tx, lo, hi, run, full, partial, t.steps));
      if (performance.now() - last > 10_000 || hi === target) {
        last = performance.now();
        console.log(`  ${hi.toLocaleString('en')} applications (${secs(t0)})`);
      }
    }
    const t1 = performance.now();
    await db.query('VACUUM ANALYZE');
    console.log(`  VACUUM ANALYZE (${secs(t1)}); grown in ${secs(t0)}`);
  } finally {
    await db.close();
  }
}

async function growBatch(tx: Db, lo: number, hi: number, run: string, full: Record<string, unknown>, partial: Record<string, unknown>, steps: StepName[]): Promise<void> {
  // the batch's rows: kind (i % 10), ids, times, a valid ID number with its birthday
  await tx.query(
    `CREATE TEMP TABLE grow_batch ON COMMIT DROP AS
     SELECT i, i % 10 AS k,
            'g' || $3 || i AS user_id,
            substr(md5($3 || 'a' || i), 1, 20) AS app_id,
            b.birthday, b.first17 || substr('10X98765432', c.s % 11 + 1, 1) AS id_number,
            now() - ((i::bigint * 7919) % 365) * interval '1 day' - (i % 86400) * interval '1 second' AS updated_at
       FROM generate_series($1::int, $2::int - 1) i
      CROSS JOIN LATERAL (
        SELECT to_char(date '1955-01-01' + i % 16000, 'YYYY-MM-DD') AS birthday,
               '110101' || to_char(date '1955-01-01' + i % 16000, 'YYYYMMDD') || lpad(((i / 16000) % 100)::text, 2, '0')
                 || substr('13579', (i / 1600000) % 5 + 1, 1) AS first17) b
      CROSS JOIN LATERAL (
        SELECT sum(substr(b.first17, j::int, 1)::int * w)::int AS s
          FROM unnest(ARRAY[7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]) WITH ORDINALITY AS x (w, j)) c`,
    [lo, hi, run],
  );
  const submittedStatus = 1200;
  const draftLatest = steps[4];
  await tx.query(
    `INSERT INTO users (id, area_code, phone, sub_acct_id, client_status, app_id, created_at, last_login_at)
     SELECT user_id, '86', '13' || lpad(i::text, 9, '0'), CASE WHEN k = 8 THEN 'S' || lpad(i::text, 8, '0') END,
            CASE WHEN k = 8 THEN 31 ELSE 33 END, app_id, updated_at - interval '20 days', updated_at
       FROM grow_batch`,
  );
  await tx.query(
    `INSERT INTO applications (app_id, user_id, oa_type, client_type, client_status, apply_status, step_version, steps,
       current_step, latest_step, data, hl_id, sub_acct_id, protocol_status, submitted_at, archived_at, created_at, updated_at)
     SELECT app_id, user_id, 1, 'cn', CASE WHEN k = 8 THEN 31 ELSE 33 END,
            CASE WHEN k BETWEEN 4 AND 7 THEN $1::int WHEN k = 8 THEN 4000 ELSE $2::int END,
            $3, $4::jsonb,
            CASE WHEN k BETWEEN 4 AND 8 THEN $5 ELSE $6 END, CASE WHEN k BETWEEN 4 AND 8 THEN $5 ELSE $6 END,
            jsonb_set(jsonb_set(CASE WHEN k BETWEEN 4 AND 8 THEN $7::jsonb ELSE $8::jsonb END,
              '{IDCARD,idNumber}', to_jsonb(id_number)), '{IDCARD,birthday}', to_jsonb(birthday)),
            CASE WHEN k = 8 THEN lpad(i::text, 8, '0') END, CASE WHEN k = 8 THEN 'S' || lpad(i::text, 8, '0') END,
            CASE WHEN k BETWEEN 4 AND 8 THEN 1 ELSE 0 END,
            CASE WHEN k BETWEEN 4 AND 8 THEN updated_at - interval '1 day' END,
            CASE WHEN k = 9 THEN updated_at END,
            updated_at - interval '20 days', updated_at
       FROM grow_batch`,
    [submittedStatus, STEP_STATUS[draftLatest], STEP_VERSION, JSON.stringify(steps), steps[steps.length - 1], draftLatest, JSON.stringify(full), JSON.stringify(partial)],
  );
  await tx.query(
    `INSERT INTO identity_numbers (app_id, slot, id_number, user_id, held)
     SELECT app_id, 'IDCARD', id_number, user_id, k BETWEEN 4 AND 8 FROM grow_batch`,
  );
  // the four ID card images of everyone; a signature, tax form, liveness video and frame of the submitted
  await tx.query(
    `INSERT INTO files (oss_id, owner_user_id, app_id, category, mime, size, sha256, storage_key, original_name, created_at)
     SELECT substr(md5($1 || 'f' || i || '.' || n), 1, 24), user_id, app_id,
            CASE WHEN n <= 4 THEN 'UserInfo' ELSE 'UserApply' END,
            CASE WHEN n = 7 THEN 'video/mp4' WHEN n = 6 THEN 'application/pdf' ELSE 'image/jpeg' END,
            40000 + (i * n) % 200000, md5(i || '.' || n) || md5(n || '.' || i), 'grown/' || user_id || '/' || n, 'photo-' || n || '.jpg',
            updated_at - interval '20 days'
       FROM grow_batch CROSS JOIN generate_series(1, 8) n
      WHERE n <= 4 OR k BETWEEN 4 AND 8`,
    [run],
  );
  // one audit entry for each saved step (5 for a draft, all for a submitted one), and the submit
  await tx.query(
    `INSERT INTO audit_log (at, actor, user_id, app_id, action, step, detail)
     SELECT updated_at - (20 - s) * interval '1 hour', 'user:' || user_id, user_id, app_id, 'step.save', ($1::jsonb ->> (s - 1)),
            jsonb_build_object('stepVersion', $2::text, 'files', s % 3)
       FROM grow_batch CROSS JOIN generate_series(1, $3::int) s
      WHERE s <= 5 OR k BETWEEN 4 AND 8`,
    [JSON.stringify(steps), STEP_VERSION, steps.length],
  );
  await tx.query(
    `INSERT INTO application_events (app_id, at, actor, kind, from_status, to_status, detail)
     SELECT app_id, updated_at - interval '1 day', 'user:' || user_id, 'submit', 1090, 1200, jsonb_build_object('snapshotHash', md5(app_id))
       FROM grow_batch WHERE k BETWEEN 4 AND 8
     UNION ALL
     SELECT app_id, updated_at, 'ops:approve', 'approve', 1200, 4000, jsonb_build_object('subAcctId', 'S' || lpad(i::text, 8, '0'))
       FROM grow_batch WHERE k = 8`,
  );
  await tx.query(
    `INSERT INTO face_checks (app_id, passed, image_oss_id, video_oss_id, scores, vendor, created_at, confirmed_at)
     SELECT app_id, true, substr(md5($1 || 'f' || i || '.8'), 1, 24), substr(md5($1 || 'f' || i || '.7'), 1, 24),
            '{"live": 0.93, "similarity": 0.81, "seconds": 3}'::jsonb, 'local', updated_at - interval '2 days', updated_at - interval '2 days'
       FROM grow_batch WHERE k BETWEEN 4 AND 8`,
    [run],
  );
  await tx.query(
    `INSERT INTO application_documents (app_id, document, data_hash, oss_id, created_at)
     SELECT app_id, d, md5(app_id || d), substr(md5(app_id || d || 'f'), 1, 24), updated_at - interval '1 day'
       FROM grow_batch CROSS JOIN unnest(ARRAY['accountOpeningForm', 'w8ben', 'selfCertificationForm']) d
      WHERE k BETWEEN 4 AND 8`,
  );
  await tx.query(
    `INSERT INTO aml_checks (id, app_id, user_id, client_type, chinese_name, last_name, first_name, birth_date, hit_status, vendor, created_at)
     SELECT substr(md5($1 || 'aml' || i), 1, 20), app_id, user_id, 'cn', '张三', 'ZHANG', 'SAN', birthday::date, 0, 'local', updated_at - interval '3 days'
       FROM grow_batch WHERE k BETWEEN 4 AND 8`,
    [run],
  );
  await tx.query(
    `INSERT INTO sessions (id_hash, user_id, created_at, last_seen_at, absolute_expires_at)
     SELECT md5($1 || 's' || i) || md5(i || 's' || $1), user_id, now() - interval '5 minutes', now() - interval '1 minute', now() + interval '1 day'
       FROM grow_batch WHERE i % 100 = 0`,
    [run],
  );
  await tx.query(
    `INSERT INTO login_codes (salt, area_code, phone, code_hash, ip, sent_at, expires_at)
     SELECT md5($1 || 'c' || i), '86', '13' || lpad(i::text, 9, '0'), md5(i::text), '198.18.0.' || (i % 250 + 1), now() - interval '10 minutes', now() - interval '5 minutes'
       FROM grow_batch WHERE i % 100 = 50`,
    [run],
  );
}

// ------------------------------------------------------------------------------------------- EXPLAIN

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function planNodes(n: PlanNode): string[] {
  const self =
    n['Index Name'] ? `${n['Node Type']} ${n['Index Name']}` : n['Relation Name'] ? `${n['Node Type']} ${n['Relation Name']}` : n['Node Type'];
  return [self, ...(n.Plans ?? []).flatMap(planNodes)];
}

/** A Db that answers every query with its EXPLAIN (ANALYZE) plan (its last one kept), so the real repository functions are explained. */
function explaining(db: Db, seen: { plan?: { Plan: PlanNode; 'Execution Time': number } }): Db {
  const wrap = (inner: Db): Db => ({
    kind: inner.kind,
    query: async <T>(sql: string, params?: unknown[]) => {
      const { rows } = await inner.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params);
      const raw = rows[0]['QUERY PLAN'];
      seen.plan = (typeof raw === 'string' ? JSON.parse(raw) : raw)[0];
      return { rows: [] as T[] };
    },
    transaction: (fn) => inner.transaction((tx) => fn(wrap(tx))),
    close: () => inner.close(),
  });
  return wrap(db);
}

async function explain(): Promise<void> {
  const db = await openDb();
  try {
    const one = async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows[0];
    // a bench applicant's application and session, a held number, a grown phone
    const app = await one<{ app_id: string; user_id: string }>(`SELECT a.app_id, a.user_id FROM applications a JOIN users u ON u.id = a.user_id
        WHERE u.area_code = '852' AND a.archived_at IS NULL ORDER BY a.created_at DESC LIMIT 1`);
    const session = await one<{ id_hash: string }>('SELECT id_hash FROM sessions WHERE user_id = $1 LIMIT 1', [app.user_id]);
    const held = await one<{ id_number: string }>('SELECT id_number FROM identity_numbers WHERE held LIMIT 1');
    const phone = await one<{ phone: string }>(`SELECT phone FROM users WHERE area_code = '86' ORDER BY id DESC LIMIT 1`);
    const files = (await db.query<{ oss_id: string }>('SELECT oss_id FROM files WHERE owner_user_id = $1', [app.user_id])).rows.map((r) => r.oss_id);
    const fresh = freshIdNumber().idNumber;
    const now = new Date();
    const queries: [string, (x: Db) => Promise<unknown>][] = [
      ['save: duplicate lookup (heldBy)', (x) => heldBy(x, app.user_id, [fresh])],
      ['save: duplicate lookup, a held number', (x) => heldBy(x, app.user_id, [held.id_number])],
      ['save: the numbers saved (savedNumbers)', (x) => savedNumbers(x, app.app_id)],
      ['save: own files of a category', (x) => ownFilesOf(x, app.user_id, 'UserInfo', files)],
      ['save: foreign files', (x) => apps.foreignFiles(x, app.user_id, files)],
      ['save + detail: session and user', (x) => findSessionUser(x, session.id_hash)],
      ['save + detail: application by id', (x) => apps.findById(x, app.app_id)],
      ['detail: active application of the user', (x) => apps.findActiveByUser(x, app.user_id)],
      ['ops apps', (x) => apps.listApplications(x, { limit: 200 })],
      ['ops apps --all', (x) => apps.listApplications(x, { includeArchived: true, limit: 200 })],
      ['ops apps --status 1200', (x) => apps.listApplications(x, { status: 1200, limit: 200 })],
      ['ops apps --status 4000 --limit 10000', (x) => apps.listApplications(x, { status: 4000, limit: 10_000 })],
      ['ops app <phone>', (x) => apps.findActiveByPhone(x, phone.phone)],
      ['ops app: audit trail', (x) => auditTrail(x, { appId: app.app_id, limit: 30 })],
      ['ops app / history: events', (x) => listEvents(x, app.app_id, 10)],
      ['ops approve: sub-account taken', (x) => apps.subAccountTaken(x, 'S12345678')],
      ['purge: sessions (rolled back)', (x) => purgeSessions(x, now, new Date(now.getTime() - 30 * 60_000))],
      ['purge: login codes (rolled back)', (x) => purgeLoginCodes(x, new Date(now.getTime() - 2 * 86_400_000))],
    ];
    console.log(`\nEXPLAIN (ANALYZE) at ${(await count(db, 'applications')).toLocaleString('en')} applications (${engine})`);
    let seqScans = 0;
    for (const [name, run] of queries) {
      const seen: { plan?: { Plan: PlanNode; 'Execution Time': number } } = {};
      // inside a transaction that is rolled back: the purges' DELETEs run for real, then are undone
      await db
        .transaction(async (tx) => {
          await run(explaining(tx, seen));
          throw new RollBack();
        })
        .catch((err: unknown) => {
          if (!(err instanceof RollBack)) throw err;
        });
      const nodes = seen.plan ? planNodes(seen.plan.Plan) : [];
      const seq = nodes.filter((n) => n.startsWith('Seq Scan'));
      seqScans += seq.length;
      console.log(`  ${name.padEnd(40)} ${seen.plan ? seen.plan['Execution Time'].toFixed(2).padStart(8) : '       ?'} ms  ${nodes.join(' > ')}`);
    }
    if (seqScans) console.log(`  (${seqScans} sequential scans above)`);
  } finally {
    await db.close();
  }
}

class RollBack extends Error {}

// ------------------------------------------------------------------------------------------- main

async function withService<T>(fn: (s: Service) => Promise<T>): Promise<T> {
  const service = await startService(serviceEnv);
  try {
    return await fn(service);
  } finally {
    await service.stop();
  }
}

async function main(): Promise<number> {
  const t0 = performance.now();
  console.log(`scale: ${engine}${process.env.DATABASE_URL ? '' : ` in ${dataDir}`}; ${BASE.toLocaleString('en')} then ${ROWS.toLocaleString('en')} applications; ${CONNECTIONS} connections`);
  await grow(BASE - USERS);
  const small = await withService((s) => measure(s, BASE));
  await grow(ROWS - USERS);
  const large = await withService((s) => measure(s, ROWS));
  await explain();
  const ratio = (a: LoadResult, b: LoadResult) => b.rps / a.rps;
  const rows: [string, LoadResult, LoadResult][] = [
    ['ApplyDetail', small.detail, large.detail],
    ['ID-card save', small.save, large.save],
  ];
  console.log(`\n${engine}: rate at ${ROWS.toLocaleString('en')} applications against ${BASE.toLocaleString('en')} (limit ${LIMIT}x)`);
  let failed = false;
  for (const [name, a, b] of rows) {
    const r = ratio(a, b);
    const ok = r >= 1 / LIMIT;
    failed ||= !ok;
    console.log(`  ${name.padEnd(13)} ${Math.round(a.rps)} → ${Math.round(b.rps)} rps (p50 ${a.p50.toFixed(1)} → ${b.p50.toFixed(1)} ms)  ${r.toFixed(2)}x  ${ok ? 'ok' : `BELOW 1/${LIMIT}`}`);
  }
  console.log(`  (${secs(t0)} in all)`);
  return failed ? 1 : 0;
}

main()
  .then((code) => {
    process.exitCode = code;
  })
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => rmSync(dataDir, { recursive: true, force: true }));
