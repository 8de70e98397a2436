import { APP_CALLS, type AppCallName, type CallName } from '../domain/calls';
import { CALLS, PLAIN_CALLS } from '../domain/calls-all';import { createFakeServer, fakeError, type FakeServer } from '../testing/fake-server';
import { callApi, handshakeCount, resetCipherSession } from './client';
import { ApiError } from './api-error';
import { saveDraft } from './applications';
import { fetchUserInfo } from './auth';
import { uploadVideo } from './face';
import { uploadFile } from './upload';
import { setCurrentLang } from '../i18n/lang';
import { makeApplication, makeUser } from '../testing/factories';

jest.mock('compressorjs', () => {
  const calls: unknown[] = [];
  class FakeCompressor {
    constructor(file: Blob, opts: { success: (b: Blob) => void; maxWidth: number; maxHeight: number; quality: number }) {
      calls.push({ type: file.type, maxWidth: opts.maxWidth, maxHeight: opts.maxHeight, quality: opts.quality });
      opts.success(new Blob([new Uint8Array([7, 7, 7])], { type: 'image/jpeg' }));
    }
  }
  return { __esModule: true, default: FakeCompressor, calls };
});

let server: FakeServer;
let restore: () => void;

beforeAll(async () => {
  server = await createFakeServer();
});

beforeEach(() => {
  resetCipherSession();
  server.calls.length = 0;
  server.offline = false;
  server.clockSkewMs = 0;
  server.handlers = {};
  restore = server.install();
  setCurrentLang('en');
});

afterEach(() => restore());

describe('callApi against the fake service (real cipher protocol)', () => {
  test('a POST round-trips sealed: the service opens the payload and the client opens the answer', async () => {
    const app = makeApplication();
    server.handlers.applyUpdate = (p) => ({ application: { ...app, currentStep: p.currentStep }, nextStep: 'USERINFO' });
    const r = await callApi('applyUpdate', { appId: app.appId, stepVersion: '1.0', currentStep: 'HK_IDCARD', data: { idNumber: 'A1234563' } });
    expect(r.nextStep).toBe('USERINFO');
    expect(r.application.currentStep).toBe('HK_IDCARD');
    const [call] = server.callsOf('applyUpdate');
    expect(call.payload).toEqual({ appId: app.appId, stepVersion: '1.0', currentStep: 'HK_IDCARD', data: { idNumber: 'A1234563' } });
    expect(call.ciphered).toBe(true);
    expect(call.lang).toBe('en');
  });

  test('GET params travel sealed in the query parameter e, never in plain', async () => {
    const seen: string[] = [];
    const inner = server.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(input instanceof Request ? input.url : String(input));
      return inner(input, init);
    }) as typeof fetch;
    server.handlers.signedUrl = (p) => ({ ossUrl: `/kyc/esop/v1/oss/v1/Download?ossid=${p.ossid}&sig=x` });
    const r = await callApi('signedUrl', { ossid: 'FILE123456' });
    expect(r.ossUrl).toContain('FILE123456');
    expect(server.callsOf('signedUrl')[0].payload).toEqual({ ossid: 'FILE123456' });
    const url = new URL(seen.find((u) => u.includes('SignedUrl'))!);
    expect([...url.searchParams.keys()]).toEqual(['e']);
    expect(url.href).not.toContain('FILE123456');
  });

  test('the handshake happens once for concurrent calls and the key is reused', async () => {
    server.handlers.userInfo = () => makeUser();
    server.handlers.applyDetail = () => null;
    const before = server.handshakes;
    await Promise.all([callApi('userInfo'), callApi('applyDetail', {}), callApi('userInfo')]);
    expect(server.handshakes - before).toBe(1);
  });

  test('100602 (cipher session unknown) → one new handshake and the call is retried', async () => {
    server.handlers.userInfo = () => makeUser({ userId: 'U9' });
    await callApi('userInfo');
    const handshakes = server.handshakes;
    server.dropSessions();
    const u = await callApi('userInfo');
    expect(u.userId).toBe('U9');
    expect(server.handshakes).toBe(handshakes + 1);
    expect(server.callsOf('userInfo')).toHaveLength(2);
  });

  test('a second 100602 in a row is not retried again', async () => {
    server.handlers.userInfo = () => makeUser();
    const inner = server.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes('/UserInfo')) server.dropSessions();
      return inner(input, init);
    }) as typeof fetch;
    const before = handshakeCount();
    await expect(callApi('userInfo')).rejects.toMatchObject({ code: 100602 });
    expect(handshakeCount() - before).toBe(2);
  });

  test('100603 (phone clock off) → the offset is learned from the Date header and the call retried once', async () => {
    server.handlers.userInfo = () => makeUser();
    server.clockSkewMs = 20 * 60 * 1000;
    await expect(callApi('userInfo')).resolves.toMatchObject({ userId: 'U1' });
  });

  test('a phone clock far behind the service: no handshake loop, the stale request is retried with the learned clock', async () => {
    server.handlers.userInfo = () => makeUser({ userId: 'U5' });
    server.clockSkewMs = 3 * 60 * 60 * 1000; // the session's expiresAt looks 4 h ahead, requests look 3 h old
    const before = server.handshakes;
    await expect(callApi('userInfo')).resolves.toMatchObject({ userId: 'U5' });
    await expect(callApi('userInfo')).resolves.toMatchObject({ userId: 'U5' });
    expect(server.handshakes - before).toBe(1);
  });

  test('a phone clock far ahead of the service: every new session would look expired; still one handshake', async () => {
    server.handlers.userInfo = () => makeUser({ userId: 'U6' });
    server.clockSkewMs = -3 * 60 * 60 * 1000;
    const before = server.handshakes;
    await expect(callApi('userInfo')).resolves.toMatchObject({ userId: 'U6' });
    await expect(callApi('userInfo')).resolves.toMatchObject({ userId: 'U6' });
    expect(server.handshakes - before).toBe(1);
  });

  test('a business error becomes ApiError with code, message, data and status', async () => {
    server.handlers.applyUpdate = () => {
      throw fakeError(150204, 'This ID already has an account', { phone: '138****5678' }, 409);
    };
    const err = await callApi('applyUpdate', { appId: 'APP123456', stepVersion: '1.0', currentStep: 'IDCARD', data: {} }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 150204, message: 'This ID already has an account', data: { phone: '138****5678' }, status: 409 });
  });

  test('no answer → ApiError NETWORK', async () => {
    server.offline = true;
    const err = await callApi('userInfo').catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.code).toBe('NETWORK');
    expect(err.status).toBe(0);
  });

  test('a timeout → ApiError NETWORK', async () => {
    server.handlers.userInfo = () => makeUser();
    await callApi('userInfo'); // handshake first
    server.handlers.userInfo = () => new Promise(() => undefined);
    const err = await callApi('userInfo', undefined, { timeout: 50 }).catch((e) => e);
    expect(err).toMatchObject({ code: 'NETWORK' });
  });

  test('a gateway error page (502, not JSON) → ApiError NETWORK', async () => {
    server.handlers.userInfo = () => makeUser();
    await callApi('userInfo');
    globalThis.fetch = (async () => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } })) as typeof fetch;
    await expect(callApi('userInfo')).rejects.toMatchObject({ code: 'NETWORK', status: 502 });
  });

  test('a plain {result} on a ciphered call is refused: only a sealed answer can carry a result', async () => {
    server.handlers.userInfo = () => makeUser();
    await callApi('userInfo');
    const forged = { result: { userId: 'someone-else' } };
    globalThis.fetch = (async () => new Response(JSON.stringify(forged), { status: 200, headers: { 'content-type': 'application/json' } })) as typeof fetch;
    await expect(callApi('userInfo')).rejects.toMatchObject({ code: 100500 });
  });

  test('a plain error keeps its code but not its text or data (nothing vouches for them)', async () => {
    server.handlers.userInfo = () => makeUser();
    await callApi('userInfo');
    const forged = { error: { code: 150200, message: 'Call +852 0000 0000 to verify your account', data: { url: 'https://evil.example' } } };
    globalThis.fetch = (async () => new Response(JSON.stringify(forged), { status: 400, headers: { 'content-type': 'application/json' } })) as typeof fetch;
    const err = (await callApi('userInfo').catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.code).toBe(150200);
    expect(err.message).not.toContain('0000');
    expect(err.data).toBeUndefined();
  });

  test('x-esop-lang follows the current language', async () => {
    server.handlers.userInfo = () => makeUser();
    setCurrentLang('zh-TW');
    await callApi('userInfo');
    expect(server.callsOf('userInfo')[0].lang).toBe('zh-TW');
  });

  test('userInfo: 100008 means "not logged in" (null), other errors still throw', async () => {
    server.handlers.userInfo = () => {
      throw fakeError(100008, 'no session', undefined, 401);
    };
    await expect(fetchUserInfo()).resolves.toBeNull();
    server.handlers.userInfo = () => {
      throw fakeError(100033, 'idle', undefined, 401);
    };
    await expect(fetchUserInfo()).rejects.toMatchObject({ code: 100033 });
  });

  test('saveDraft sends a keepalive draft and swallows failures', async () => {
    server.handlers.applyUpdate = (p) => ({ application: makeApplication(), nextStep: null, echo: p });
    await expect(saveDraft({ appId: 'APP123456', currentStep: 'USERINFO', data: { email: 'a@b.co' } })).resolves.toBe(true);
    const [call] = server.callsOf('applyUpdate');
    expect(call.payload).toMatchObject({ draft: true, currentStep: 'USERINFO', stepVersion: '1.0' });
    expect(call.keepalive).toBe(true);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.offline = true;
    await expect(saveDraft({ appId: 'APP123456', currentStep: 'USERINFO', data: {} })).resolves.toBe(false);
    warn.mockRestore();
  });
});

describe('plain or sealed: exactly as CALLS says (cipher)', () => {
  // the handshake calls are the cipher itself; the uploads are multipart requests (uploadFile and uploadVideo, below)
  // (the pages' client makes the applicant's and the signer's calls: APP_CALLS; the desk's are its own)
  const names = (Object.keys(APP_CALLS) as AppCallName[]).filter((n) => n !== 'cipherKey' && n !== 'cipherSession' && n !== 'upload' && n !== 'videoUpload');

  test.each(names.map((n) => [n, CALLS[n].cipher ? 'sealed' : 'plain'] as const))('%s travels %s', async (name) => {
    server.handlers[name] = () => ({ echoed: true });
    const payload = CALLS[name].method === 'GET' ? { q: '1' } : { a: 1 };
    const before = handshakeCount();
    await expect(callApi(name, payload as never)).resolves.toEqual({ echoed: true });
    const [call] = server.callsOf(name);
    expect(call.ciphered).toBe(CALLS[name].cipher);
    expect(call.payload).toEqual(payload);
    // a plain call needs no cipher session
    expect(handshakeCount() - before).toBe(CALLS[name].cipher ? 1 : 0);
  });

  test('the plain calls are those of CALLS with cipher: false', () => {
    expect(PLAIN_CALLS).toEqual((Object.keys(CALLS) as CallName[]).filter((n) => CALLS[n].cipher === false));
    expect(PLAIN_CALLS).toEqual(expect.arrayContaining(['health', 'cipherKey', 'cipherSession', 'download']));
    expect(PLAIN_CALLS).not.toContain('clientConfig');
  });
});

describe('uploadFile', () => {
  test('a PDF goes untouched, sealed, and the service opens the same bytes', async () => {
    server.handlers.upload = (p) => ({ ossId: 'OSS000001', ossUrl: `/dl?${p.category}` });
    const bytes = new Uint8Array([37, 80, 68, 70, 45, 49, 46, 55, 1, 2, 3]);
    const progress: number[] = [];
    const r = await uploadFile(new Blob([bytes], { type: 'application/pdf' }), 'statement.pdf', 'UserInfo', (p) => progress.push(p));
    expect(r).toEqual({ ossId: 'OSS000001', ossUrl: '/dl?UserInfo' });
    const [call] = server.callsOf('upload');
    expect(call.path).toBe('/kyc/esop/v1/oss/v1/Upload/UserInfo');
    expect(call.payload).toMatchObject({ filename: 'statement.pdf', category: 'UserInfo' });
    expect(Array.from((call.payload as { file: Uint8Array }).file)).toEqual(Array.from(bytes));
    expect(progress[0]).toBe(0);
    expect(progress[progress.length - 1]).toBe(100);
  });

  test('an image is compressed to 1920x1080 at quality 0.7 before sealing', async () => {
    const compressor = jest.requireMock('compressorjs') as { calls: unknown[] };
    server.handlers.upload = () => ({ ossId: 'OSS000002', ossUrl: '/dl' });
    await uploadFile(new Blob([new Uint8Array(50)], { type: 'image/png' }), 'id-front.png', 'UserInfo');
    expect(compressor.calls.at(-1)).toEqual({ type: 'image/png', maxWidth: 1920, maxHeight: 1080, quality: 0.7 });
    const [call] = server.callsOf('upload');
    expect(Array.from((call.payload as { file: Uint8Array }).file)).toEqual([7, 7, 7]);
    expect(call.payload).toMatchObject({ filename: 'id-front.jpg' });
  });

  test('upload errors (1008 too large) come back as ApiError; 100602 re-handshakes', async () => {
    server.handlers.upload = () => {
      throw fakeError(1008, 'The file is too large.', undefined, 413);
    };
    await expect(uploadFile(new Blob([new Uint8Array(4)], { type: 'application/pdf' }), 'a.pdf')).rejects.toMatchObject({ code: 1008, status: 413 });
    server.handlers.upload = () => ({ ossId: 'OSS000003', ossUrl: '/dl' });
    server.dropSessions();
    await expect(uploadFile(new Blob([new Uint8Array(4)], { type: 'application/pdf' }), 'a.pdf')).resolves.toMatchObject({ ossId: 'OSS000003' });
  });

  test('the liveness video goes sealed to VideoUpload as it is (no compression), with progress; a network failure is sent again', async () => {
    const bytes = new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 1, 2, 3]);
    let tries = 0;
    server.handlers.videoUpload = (p: { filename: string; file: Uint8Array }) => {
      tries++;
      expect([p.filename, Array.from(p.file)]).toEqual(['liveness.mp4', Array.from(bytes)]);
      return { ossId: 'VID000001', ossUrl: '/v', seconds: 3 };
    };
    const progress: number[] = [];
    await expect(uploadVideo(new Blob([bytes], { type: 'video/mp4' }), 'liveness.mp4', (p) => progress.push(p))).resolves.toEqual({ ossId: 'VID000001', ossUrl: '/v', seconds: 3 });
    expect(progress[progress.length - 1]).toBe(100);
    expect(server.callsOf('videoUpload')[0].ciphered).toBe(true);
    // the first send fails on the network, the second goes through
    const send = XMLHttpRequest.prototype.send;
    let sends = 0;
    const spy = jest.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(function (this: XMLHttpRequest, body) {
      server.offline = ++sends === 1;
      return send.call(this, body);
    });
    tries = 0;
    await expect(uploadVideo(new Blob([bytes], { type: 'video/mp4' }), 'liveness.mp4')).resolves.toMatchObject({ ossId: 'VID000001' });
    spy.mockRestore();
    server.offline = false;
    expect([sends, tries]).toEqual([2, 1]);
  });
});
