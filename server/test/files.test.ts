/**
 * Files: upload, the signed download with its ownership check, and the operator's export, the same whether the
 * bytes live on disk (DATA_DIR/files) or in an S3 bucket (s3rver, started here).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { CALLS, ErrorCode, SIGNED_URL_TTL_S } from '@core/domain';
import { reencodeImage } from '../src/modules/files/clean';
import { signDownload } from '../src/modules/files/signed-url';
import type { SniffedType } from '../src/modules/files/sniff';
import { runCommand } from '../src/ops/run';
import { createTestApp, userMaker, type TestApp, type TestClient } from './helpers';
import { startS3, type TestS3 } from './s3';
import { testPdf, testPng } from './upload-fixtures';

let t: TestApp;
/** a new logged-in user */
let user: () => Promise<TestClient>;
/** the bucket of the s3 runs */
let s3: TestS3 | undefined;


/** Real files, already as the service keeps them (an image re-encoded by files/clean.ts gives the same bytes again). */
let PNG: Buffer;
let JPEG: Buffer;
const PDF = testPdf('a statement');
beforeAll(async () => {
  PNG = await reencodeImage(testPng(), { mime: 'image/png', ext: 'png' });
  JPEG = await reencodeImage(await sharp({ create: { width: 24, height: 16, channels: 3, background: '#c84' } }).jpeg().toBuffer(), { mime: 'image/jpeg', ext: 'jpg' });
});
const uploadPath = (category: string) => `${CALLS.upload.path}/${category}`;

async function upload(c: TestClient, bytes: Uint8Array, filename = 'photo.png', category = 'UserInfo') {
  return c.upload(uploadPath(category), { filename }, bytes);
}

async function uploaded(c: TestClient, bytes: Uint8Array, filename?: string): Promise<{ ossId: string; ossUrl: string }> {
  const res = await upload(c, bytes, filename);
  expect([res.status, res.body.error]).toEqual([200, undefined]);
  return res.body.result;
}

function download(c: TestClient | null, url: string) {
  return c ? c.inject({ method: 'GET', url }) : t.app.inject({ method: 'GET', url });
}

describe.each(['disk', 's3'] as const)('files on %s', (backend) => {
  beforeAll(async () => {
    s3 = backend === 's3' ? await startS3() : undefined;
    t = await createTestApp({ env: { MAX_UPLOAD_MB: '1', ...s3?.env } });
    user = userMaker(t, '5');
  });
  afterAll(async () => {
    await t.close();
    await s3?.stop();
  });

  describe('upload', () => {
    test.each([
      ['png', () => PNG, 'image/png'],
      ['jpeg', () => JPEG, 'image/jpeg'],
      ['pdf', () => PDF, 'application/pdf'],
    ])('%s by content → ossId and a signed ossUrl; stored under a generated name outside the site', async (_kind, bytesOf, mime) => {
      const c = await user();
      const bytes = bytesOf();
      // an image as the service keeps it is stored byte for byte (re-encoded, it gives the same bytes)
      if (mime !== 'application/pdf') expect((await reencodeImage(bytes, { mime, ext: 'png' } as SniffedType)).equals(bytes)).toBe(true);
      const res = await upload(c, bytes, 'My ID.png', 'UserApply');
      expect(res.ciphered).toBe(true);
      const { ossId, ossUrl } = res.body.result;
      expect(ossId).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect(ossUrl).toMatch(new RegExp(`^${CALLS.download.path}\\?ossid=${ossId}&preview=1&exp=\\d+&sig=[A-Za-z0-9_-]{43}$`));
      const { rows } = await t.db.query<{ mime: string; size: number; owner_user_id: string; storage_key: string; category: string; sha256: string }>(
        'SELECT mime, size, owner_user_id, storage_key, category, sha256 FROM files WHERE oss_id = $1',
        [ossId],
      );
      expect(rows[0]).toEqual(expect.objectContaining({ mime, size: bytes.length, owner_user_id: c.user!.userId, category: 'UserApply' }));
      expect(rows[0].storage_key).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{32}$/);
      expect(rows[0].storage_key).not.toContain('ID');
      // on disk under DATA_DIR/files, or in the bucket (read straight from it) and then not on disk
      const onDisk = join(t.config.dataDir, 'files', rows[0].storage_key);
      const stored = backend === 'disk' ? readFileSync(onDisk) : await s3!.object(rows[0].storage_key);
      expect(stored?.equals(bytes)).toBe(true);
      expect(existsSync(onDisk)).toBe(backend === 'disk');
    });

    test('a .png-named text file → 1009, nothing stored', async () => {
      const c = await user();
      const res = await upload(c, Buffer.from('just some text pretending to be a picture'), 'fake.png');
      expect([res.status, res.body.error?.code]).toEqual([415, ErrorCode.FILE_TYPE]);
      const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM files WHERE owner_user_id = $1', [c.user!.userId]);
      expect(rows[0].n).toBe(0);
    });

    test('over MAX_UPLOAD_MB → 1008', async () => {
      const c = await user();
      const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]);
      const res = await upload(c, big);
      expect([res.status, res.body.error?.code]).toEqual([413, ErrorCode.FILE_TOO_LARGE]);
    });

    test('exactly MAX_UPLOAD_MB is accepted (and kept without what followed the picture)', async () => {
      const c = await user();
      const exact = Buffer.concat([PNG, Buffer.alloc(1024 * 1024 - PNG.length)]);
      const { ossId } = await uploaded(c, exact);
      const { rows } = await t.db.query<{ size: number }>('SELECT size FROM files WHERE oss_id = $1', [ossId]);
      expect(rows[0].size).toBe(PNG.length);
    });

    test('an unknown category → 100400; no session → 100008', async () => {
      const c = await user();
      const res = await upload(c, PNG, 'a.png', 'Passport');
      expect(res.body.error?.code).toBe(ErrorCode.INVALID_INPUT);
      const anon = await t.handshake();
      const res2 = await upload(anon, PNG);
      expect(res2.body.error?.code).toBe(ErrorCode.LOGIN_EXPIRED);
    });

    test('links the file to the uploader\'s active application', async () => {
      const c = await user();
      const start = await c.call('applyStart', { oaType: 2 });
      const { ossId } = await uploaded(c, PNG);
      const { rows } = await t.db.query<{ app_id: string }>('SELECT app_id FROM files WHERE oss_id = $1', [ossId]);
      expect(rows[0].app_id).toBe(start.body.result.appId);
    });
  });

  describe('download', () => {
    test('the owner with a valid URL gets the bytes, typed by content, inline, nosniff, private no-store', async () => {
      const c = await user();
      const { ossUrl } = await uploaded(c, PNG, 'front side.png');
      const res = await download(c, ossUrl);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-esop-cipher']).toBeUndefined();
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['content-disposition']).toBe('inline; filename="front side.png"');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.rawPayload.equals(PNG)).toBe(true);
    });

    test('the name is sanitised and follows the content; non-ASCII names are RFC 5987 encoded; preview=0 → attachment', async () => {
      const c = await user();
      const { ossId } = await uploaded(c, PDF, '身份证 "front".png');
      const signed = signDownload(t.config.secrets.signingSecret, ossId, t.clock.now(), '0');
      const res = await download(c, signed.url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        // quotes are dropped on the way in; the ASCII fallback replaces what it cannot say
        `attachment; filename="___ front.pdf"; filename*=UTF-8''${encodeURIComponent('身份证 front.pdf')}`,
      );
    });

    test('another user, or no session, with the owner\'s valid URL → 100403', async () => {
      const owner = await user();
      const { ossUrl } = await uploaded(owner, PNG);
      const other = await user();
      const res = await download(other, ossUrl);
      expect([res.statusCode, res.json().error.code]).toEqual([403, ErrorCode.FORBIDDEN]);
      const anon = await download(null, ossUrl);
      expect([anon.statusCode, anon.json().error.code]).toEqual([403, ErrorCode.FORBIDDEN]);
    });

    test('expired, tampered or unsigned URLs → 100403, the same answer as for a file that does not exist', async () => {
      const c = await user();
      const { ossId, ossUrl } = await uploaded(c, PNG);
      const url = new URL(ossUrl, 'http://x');
      const variant = (change: (q: URLSearchParams) => void) => {
        const q = new URLSearchParams(url.search);
        change(q);
        return `${url.pathname}?${q.toString()}`;
      };
      const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
      const cases = [
        variant((q) => q.set('sig', flip(q.get('sig')!))),
        variant((q) => q.set('exp', String(Number(q.get('exp')) + 3600))),
        variant((q) => q.set('preview', '0')),
        variant((q) => q.delete('sig')),
        variant((q) => q.set('ossid', flip(ossId))),
        signDownload(t.config.secrets.signingSecret, 'noSuchFile000', t.clock.now()).url,
        signDownload('another-secret-of-at-least-32-characters!!', ossId, t.clock.now()).url,
      ];
      const answers = [];
      for (const u of cases) {
        const res = await download(c, u);
        answers.push([res.statusCode, res.json().error.code, res.json().error.message]);
      }
      expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
      expect(answers[0].slice(0, 2)).toEqual([403, ErrorCode.FORBIDDEN]);

      t.clock.advance((SIGNED_URL_TTL_S + 1) * 1000);
      const expired = await download(c, ossUrl);
      expect([expired.statusCode, expired.json().error.code]).toEqual([403, ErrorCode.FORBIDDEN]);
    });

    test('SignedUrl gives the owner a fresh URL; others get 100403', async () => {
      const c = await user();
      const { ossId } = await uploaded(c, JPEG);
      t.clock.advance((SIGNED_URL_TTL_S + 1) * 1000);
      const fresh = await c.call('signedUrl', { ossid: ossId });
      expect(fresh.ciphered).toBe(true);
      const res = await download(c, fresh.body.result.ossUrl);
      expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'image/jpeg']);
      const other = await user();
      expect((await other.call('signedUrl', { ossid: ossId })).body.error?.code).toBe(ErrorCode.FORBIDDEN);
      expect((await other.call('signedUrl', { ossid: 'noSuchFile000' })).body.error?.code).toBe(ErrorCode.FORBIDDEN);
    });
  });

  describe('operator export', () => {
    test('ops file writes the bytes whatever the owner, and is audited', async () => {
      const c = await user();
      const { ossId } = await uploaded(c, PDF, 'statement.pdf');
      const r = (await runCommand({ db: t.db, config: t.config, clock: t.clock, storage: t.storage }, 'file', { ossId, out: '/dev/null' })) as { base64: string; mime: string; name: string };
      expect(Buffer.from(r.base64, 'base64').equals(PDF)).toBe(true);
      expect(r).toEqual(expect.objectContaining({ mime: 'application/pdf', name: 'statement.pdf' }));
      const { rows } = await t.db.query<{ actor: string }>("SELECT actor FROM audit_log WHERE action = 'file.export' AND detail->>'ossId' = $1", [ossId]);
      expect(rows).toEqual([{ actor: 'ops:file' }]);
      await expect(runCommand({ db: t.db, config: t.config, clock: t.clock, storage: t.storage }, 'file', { ossId: 'noSuchFile000', out: '/dev/null' })).rejects.toThrow(/100404/);
    });
  });

  describe('a row whose bytes are gone from the store', () => {
    test('the owner\'s signed download answers 100403 and ops file names the missing bytes; the store reads it as not found', async () => {
      const c = await user();
      const { ossId, ossUrl } = await uploaded(c, PNG);
      const { rows } = await t.db.query<{ storage_key: string }>('SELECT storage_key FROM files WHERE oss_id = $1', [ossId]);
      const key = rows[0].storage_key;
      expect((await download(c, ossUrl)).statusCode).toBe(200);
      await t.storage.remove(key);
      expect(await t.storage.size(key)).toBeNull();
      const res = await download(c, ossUrl);
      expect([res.statusCode, res.json().error.code]).toEqual([403, ErrorCode.FORBIDDEN]);
      await expect(runCommand({ db: t.db, config: t.config, clock: t.clock, storage: t.storage }, 'file', { ossId, out: '/dev/null' })).rejects.toThrow(
        `the file's bytes are missing from the store (key ${key})`,
      );
      await expect(t.storage.read(key)).rejects.toMatchObject({ name: 'StorageNotFoundError', code: 'ENOENT', key });
    });
  });
});
