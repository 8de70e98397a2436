import { createServer, type IncomingMessage, type Server } from 'node:http';
import { httpSms } from '../src/vendors/sms';
import { completedJob, createTestApp, eventually } from './helpers';

let server: Server;
let url: string;
const received: { body: unknown; type?: string }[] = [];
/** what the vendor answers: the next statuses in turn, then 200 */
let answers: number[] = [];

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      received.push({ body: JSON.parse(data), type: req.headers['content-type'] });
      res.statusCode = answers.shift() ?? 200;
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}/sms`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

it('the http SMS vendor posts the phone and the text as JSON', async () => {
  const own = await createTestApp({ vendors: { sms: httpSms(url) } });
  try {
    const res = await (await own.handshake()).call('sendCode', { value: '97000001', areaCode: '852' }, { headers: { 'x-esop-lang': 'en' } });
    expect(res.status).toBe(200);
    // handed over by the job (sms.send) right after
    await eventually('the SMS', () => received.some((r) => (r.body as { phone?: string }).phone === '97000001'));
    expect(received.at(-1)).toEqual({
      type: 'application/json',
      body: { areaCode: '852', phone: '97000001', text: expect.stringMatching(/^Your verification code is \d{6}\. It is valid for 5 minutes/) },
    });
  } finally {
    await own.close();
  }
});

it('a vendor answering an error status is tried again (with backoff) until it takes the SMS, which is then sent once', async () => {
  answers = [500, 503];
  const own = await createTestApp({ vendors: { sms: httpSms(url) } });
  try {
    const before = received.length;
    const res = await (await own.handshake()).call('sendCode', { value: '97000002', areaCode: '852' });
    // SendCode answers once the SMS is queued: the vendor's refusals are the job's business
    expect([res.status, res.body.error]).toEqual([200, undefined]);
    const salt = res.body.result.salt as string;
    const sent = await eventually('the hand-over', async () => (await own.db.query<{ sms_sent_at: Date | null }>('SELECT sms_sent_at FROM login_codes WHERE salt = $1', [salt])).rows[0]?.sms_sent_at);
    expect(sent).toBeInstanceOf(Date);
    // three tries reached the vendor (500, 503, then 200), the same text each time
    const tries = received.slice(before).filter((r) => (r.body as { phone?: string }).phone === '97000002');
    expect(tries).toHaveLength(3);
    expect(new Set(tries.map((r) => (r.body as { text: string }).text)).size).toBe(1);
    // the job was retried twice, with exponential backoff, and completed
    const job = await completedJob(own.app.deps.jobs.boss, 'sms.send', { data: { salt } });
    expect(job).toEqual(expect.objectContaining({ state: 'completed', retryCount: 2, retryBackoff: true, retryDelay: 1 }));
    // the code is the one the applicant logs in with
    const code = /\d{6}/.exec((tries[0].body as { text: string }).text)![0];
    const login = await (await own.handshake()).call('login', { areaCode: '852', phone: '97000002', code, salt });
    expect(login.status).toBe(200);
  } finally {
    await own.close();
    answers = [];
  }
}, 60_000);

it('createVendors picks the http vendor when SMS_VENDOR=http', async () => {
  const { createVendors } = await import('../src/vendors');
  const { loadConfig } = await import('../src/config');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { mkdtempSync, rmSync } = await import('node:fs');
  const dir = mkdtempSync(join(tmpdir(), 'esop-sms-'));
  try {
    const config = loadConfig({ DATA_DIR: dir, SMS_VENDOR: 'http', SMS_HTTP_URL: url });
    expect(createVendors(config, null as never).sms.name).toBe('http');
    expect(createVendors(loadConfig({ DATA_DIR: dir }), null as never).sms.name).toBe('console');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
