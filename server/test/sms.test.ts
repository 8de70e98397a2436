import { createServer, type IncomingMessage, type Server } from 'node:http';
import { ErrorCode } from '@core/domain';
import { httpSms } from '../src/vendors/sms';
import { createTestApp } from './helpers';

let server: Server;
let url: string;
const received: { body: unknown; type?: string }[] = [];
let answerStatus = 200;

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      received.push({ body: JSON.parse(data), type: req.headers['content-type'] });
      res.statusCode = answerStatus;
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
    expect(received.at(-1)).toEqual({
      type: 'application/json',
      body: { areaCode: '852', phone: '97000001', text: expect.stringMatching(/^Your verification code is \d{6}\. It is valid for 5 minutes/) },
    });
  } finally {
    await own.close();
  }
});

it('a vendor answering an error status gives 110113', async () => {
  answerStatus = 500;
  const own = await createTestApp({ vendors: { sms: httpSms(url) } });
  try {
    const res = await (await own.handshake()).call('sendCode', { value: '97000002', areaCode: '852' });
    expect(res.body.error?.code).toBe(ErrorCode.CODE_SEND_FAILED);
  } finally {
    await own.close();
    answerStatus = 200;
  }
});

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
