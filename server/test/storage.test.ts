/**
 * File storage: the disk and the S3 backends answer the same (s3rver, a real S3 server started here); the STORAGE
 * and S3_* settings; `ops storage-copy` moves a disk store into a bucket, after which the app serves the files
 * from the bucket.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { CALLS, ErrorCode } from '@core/domain';
import { buildApp } from '../src/app';
import { ConfigError, loadConfig, parseEnv, type Config } from '../src/config';
import { createOrganisation, issueTicket } from '../src/modules/org-sign/service';
import { executeCli } from '../src/ops/execute';
import { runCommand } from '../src/ops/run';
import { createLocalDiskStorage, createS3Storage, StorageKeyError, StorageNotFoundError, type FileStorage, type S3Settings } from '../src/storage';
import type { CopyReport } from '../src/modules/files/store-copy';
import { reencodeImage } from '../src/modules/files/clean';
import { createTestApp, TestClient, type TestApp } from './helpers';
import { testPdf, testPng } from './upload-fixtures';
import { S3RVER_KEY, startS3, type TestS3 } from './s3';

let s3: TestS3;
const temps: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'esop-storage-'));
  temps.push(dir);
  return dir;
};
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3.stop();
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

const settings = (over: Partial<S3Settings> = {}): S3Settings => ({
  endpoint: s3.endpoint,
  region: 'us-east-1',
  bucket: s3.bucket,
  credentials: S3RVER_KEY,
  forcePathStyle: true,
  prefix: '',
  ...over,
});

async function bytesOf(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part as Uint8Array));
  return Buffer.concat(parts);
}

const BYTES = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7919) % 256));

describe.each([
  ['disk', () => createLocalDiskStorage(join(tempDir(), 'files'))],
  ['s3', () => createS3Storage(settings({ prefix: 'kyc/' }))],
] as const)('the %s backend', (kind, make) => {
  let store: FileStorage;
  beforeAll(() => {
    store = make();
  });
  afterAll(() => store.close());

  test('put makes a new <2 hex>/<32 hex> key; read, open and size give the bytes back; remove ends it', async () => {
    const a = await store.put(BYTES);
    const b = await store.put(BYTES);
    expect(a).toEqual({ key: expect.stringMatching(/^([0-9a-f]{2})\/\1[0-9a-f]{30}$/), size: BYTES.length });
    expect(b.key).not.toBe(a.key);
    expect((await store.read(a.key)).equals(BYTES)).toBe(true);
    expect((await bytesOf(await store.open(a.key))).equals(BYTES)).toBe(true);
    expect(await store.size(a.key)).toBe(BYTES.length);
    await store.remove(a.key);
    expect(await store.size(a.key)).toBeNull();
    await store.remove(a.key); // nothing there: no error
    expect((await store.read(b.key)).equals(BYTES)).toBe(true);
  });

  test('an empty file is stored and read as such', async () => {
    const { key, size } = await store.put(new Uint8Array(0));
    expect(size).toBe(0);
    expect((await store.read(key)).length).toBe(0);
    expect(await store.size(key)).toBe(0);
  });

  test('putAt stores under a key made elsewhere, replacing what was there', async () => {
    const key = 'ab/ab0123456789abcdef0123456789abcd';
    await store.putAt(key, Buffer.from('first'));
    await store.putAt(key, Buffer.from('second, longer'));
    expect((await store.read(key)).toString()).toBe('second, longer');
    expect(await store.size(key)).toBe(14);
  });

  test('a missing object: read and open refuse with StorageNotFoundError (code ENOENT), size is null', async () => {
    const key = 'cd/cd0123456789abcdef0123456789abcd';
    await expect(store.read(key)).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(store.open(key)).rejects.toMatchObject({ name: 'StorageNotFoundError', code: 'ENOENT', key });
    expect(await store.size(key)).toBeNull();
  });

  test('a key not of the generated form is refused before the store is asked', async () => {
    for (const key of ['../keys/cipher-private.pem', 'ab/../../x', 'AB/AB0123456789ABCDEF0123456789AB', 'ab/ab01', '']) {
      await expect(store.read(key)).rejects.toBeInstanceOf(StorageKeyError);
      await expect(store.putAt(key, BYTES)).rejects.toBeInstanceOf(StorageKeyError);
    }
  });

  test(`ping resolves when the ${kind === 'disk' ? 'folder is writable' : 'bucket answers'}`, async () => {
    await expect(store.ping()).resolves.toBeUndefined();
  });
});

describe('the disk and S3 backends when the store cannot be used', () => {
  test('disk: ping rejects when the folder cannot be made (a file is in the way)', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'files'), 'not a folder');
    await expect(createLocalDiskStorage(join(dir, 'files')).ping()).rejects.toThrow();
  });

  // (s3rver does not check SigV4 signatures: wrong credentials cannot be shown here)
  test('S3: ping and put reject for a bucket that does not exist, and for a server that does not answer', async () => {
    const noBucket = createS3Storage(settings({ bucket: 'no-such-bucket' }));
    const closed = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const noServer = createS3Storage(settings({ endpoint: `http://127.0.0.1:${closed}` }));
    try {
      await expect(noBucket.ping()).rejects.toMatchObject({ $metadata: { httpStatusCode: 404 } });
      await expect(noBucket.put(BYTES)).rejects.toMatchObject({ name: 'NoSuchBucket' });
      await expect(noServer.ping()).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      await noBucket.close();
      await noServer.close();
    }
  });
});

describe('S3 objects', () => {
  test('live under S3_PREFIX + the key, as the bucket itself shows', async () => {
    const store = createS3Storage(settings({ prefix: 'broker/kyc/' }));
    try {
      const { key } = await store.put(BYTES);
      expect((await s3.object(`broker/kyc/${key}`))?.equals(BYTES)).toBe(true);
      expect(await s3.object(key)).toBeNull();
    } finally {
      await store.close();
    }
  });

  /** a pass-through proxy in front of s3rver that records each PUT's encryption headers */
  async function recordingProxy(): Promise<{ endpoint: string; puts: IncomingHttpHeaders[]; close(): Promise<void> }> {
    const puts: IncomingHttpHeaders[] = [];
    const target = new URL(s3.endpoint);
    const server = createServer((req, res) => {
      if (req.method === 'PUT') puts.push(req.headers);
      // the same headers (Host included), so the request's signature still holds
      const up = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      });
      req.pipe(up);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      puts,
      close: () => new Promise((resolve) => server.close(() => resolve())),
    };
  }

  test.each([
    [{}, undefined, undefined],
    [{ sse: 'AES256' as const }, 'AES256', undefined],
    [{ sse: 'aws:kms' as const }, 'aws:kms', undefined],
    [{ sse: 'aws:kms' as const, sseKmsKeyId: 'alias/kyc-files' }, 'aws:kms', 'alias/kyc-files'],
  ])('server-side encryption %j is asked on every write', async (sse, header, kmsKey) => {
    const proxy = await recordingProxy();
    const store = createS3Storage(settings({ endpoint: proxy.endpoint, ...sse }));
    try {
      const { key } = await store.put(BYTES);
      await store.putAt(key, BYTES);
      expect(proxy.puts.map((h) => [h['x-amz-server-side-encryption'], h['x-amz-server-side-encryption-aws-kms-key-id']])).toEqual([
        [header, kmsKey],
        [header, kmsKey],
      ]);
      expect((await store.read(key)).equals(BYTES)).toBe(true);
    } finally {
      await store.close();
      await proxy.close();
    }
  });
});

describe('settings', () => {
  const s3Env = { STORAGE: 's3', S3_BUCKET: 'kyc-files', S3_ENDPOINT: 'http://minio.internal:9000' };
  const problemsOf = (env: Record<string, string>): string[] => {
    try {
      parseEnv(env);
      return [];
    } catch (err) {
      return (err as ConfigError).problems;
    }
  };

  test('the default is disk; STORAGE=s3 reads the S3_* settings (prefix ends with /, region us-east-1 with an endpoint)', () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir }).storage).toEqual({ backend: 'disk' });
    expect(loadConfig({ DATA_DIR: dir, ...s3Env, S3_PREFIX: 'broker/kyc', S3_FORCE_PATH_STYLE: 'true', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret', S3_SSE: 'aws:kms', S3_SSE_KMS_KEY_ID: 'alias/x' }).storage).toEqual({
      backend: 's3',
      s3: {
        endpoint: 'http://minio.internal:9000',
        region: 'us-east-1',
        bucket: 'kyc-files',
        credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
        forcePathStyle: true,
        sse: 'aws:kms',
        sseKmsKeyId: 'alias/x',
        prefix: 'broker/kyc/',
      },
    });
    // on AWS: the region named, no keys (the SDK's default chain), no prefix
    expect(loadConfig({ DATA_DIR: dir, STORAGE: 's3', S3_BUCKET: 'kyc-files', S3_REGION: 'ap-east-1' }).storage).toEqual({
      backend: 's3',
      s3: { endpoint: undefined, region: 'ap-east-1', bucket: 'kyc-files', credentials: undefined, forcePathStyle: false, sse: undefined, sseKmsKeyId: undefined, prefix: '' },
    });
  });

  test.each([
    [{ STORAGE: 's3' }, ['S3_BUCKET: is required when STORAGE=s3', 'S3_REGION: is required when STORAGE=s3 on AWS (or set S3_ENDPOINT for an S3-compatible server)']],
    [{ ...s3Env, S3_ACCESS_KEY_ID: 'id' }, ["S3_SECRET_ACCESS_KEY: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the SDK's default credential chain)"]],
    [{ ...s3Env, S3_SSE: 'AES256', S3_SSE_KMS_KEY_ID: 'alias/x' }, ['S3_SSE_KMS_KEY_ID: needs S3_SSE=aws:kms']],
  ])('%j is refused: %j', (env, problems) => {
    expect(problemsOf(env)).toEqual(problems);
  });

  test.each([
    ['STORAGE', 'S3'],
    ['S3_SSE', 'aes256'],
    ['S3_FORCE_PATH_STYLE', 'yes'],
    ['S3_BUCKET', 'Kyc_Files'],
    ['S3_ENDPOINT', 'minio:9000'],
    ['S3_REGION', 'Hong Kong'],
    ['S3_PREFIX', '/kyc'],
    ['S3_PREFIX', 'kyc/../other'],
    ['S3_PREFIX', 'kyc//files'],
  ])('%s=%s is refused with the setting named', (name, value) => {
    const problems = problemsOf({ ...s3Env, [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${name}: `));
  });
});

describe('ops storage-copy', () => {
  let t: TestApp;
  let bucket: TestS3;
  let target: FileStorage;
  let s3Config: Config;
  let client: TestClient;
  const files: Array<{ ossId: string; ossUrl: string; bytes: Buffer }> = [];
  let signer: { token: string; idNumber: string; fileIds: string[] };
  let gone: { ossId: string; ossUrl: string; key: string };
  const keysOfRows = async () =>
    (await t.db.query<{ k: string }>('SELECT storage_key AS k FROM files UNION SELECT storage_key FROM sign_files ORDER BY 1')).rows.map((r) => r.k);
  const ops = (storage: FileStorage, config: Config = s3Config) => ({ db: t.db, config, clock: t.clock, storage });
  const copy = async (params: { from?: string; dryRun: boolean }) => (await runCommand(ops(target), 'storage-copy', params)) as CopyReport & { from: string; to: string };

  beforeAll(async () => {
    // a disk install with uploads and an organisation signer's files
    t = await createTestApp();
    bucket = await startS3({ bucket: 'kyc-copy' });
    s3Config = { ...t.config, storage: { backend: 's3', s3: { endpoint: bucket.endpoint, region: 'us-east-1', bucket: bucket.bucket, credentials: S3RVER_KEY, forcePathStyle: true, prefix: 'kyc/' } } };
    target = createS3Storage(s3Config.storage.backend === 's3' ? s3Config.storage.s3 : settings());
    client = await t.login('61234567');
    for (const [name, bytes] of [
      ['front.png', await reencodeImage(testPng({ seed: 1 }), { mime: 'image/png', ext: 'png' })],
      ['proof.pdf', testPdf('proof of address')],
      ['back.png', await reencodeImage(testPng({ seed: 2, width: 24 }), { mime: 'image/png', ext: 'png' })],
    ] as const) {
      const res = await client.upload(`${CALLS.upload.path}/UserInfo`, { filename: name }, bytes);
      expect(res.body.error).toBeUndefined();
      files.push({ ...res.body.result, bytes });
    }
    const org = await createOrganisation(
      ops(t.storage, t.config),
      { name: 'Example Storage Limited', nameZh: '示例存儲有限公司', registrationNumber: '70000001', country: 'HK', signerName: 'CHAN Tai Man', signerIdNumber: 'K1234567' },
      'ops:test',
    );
    const { ticket } = await issueTicket(ops(t.storage, t.config), { org: org.id }, 'ops:test');
    const auth = await client.call('signApplyAuth', { ticket, idNumber: 'K1234567' });
    const s = { token: auth.body.result.token as string, idNumber: 'K1234567' };
    const detail = await client.call('signApplyDetail', s); // makes the two documents to read (sign_files)
    const up = await client.upload(CALLS.signFileUpload.path, { ...s, fileName: 'resolution.pdf' }, testPdf('board resolution'));
    signer = { ...s, fileIds: [...detail.body.result.documents.map((d: { fileId: string }) => d.fileId), up.body.result.fileId] };
    // one row whose bytes were lost from the disk store
    const lost = await client.upload(`${CALLS.upload.path}/UserInfo`, { filename: 'lost.png' }, testPng({ seed: 3 }));
    const { rows } = await t.db.query<{ k: string }>('SELECT storage_key AS k FROM files WHERE oss_id = $1', [lost.body.result.ossId]);
    gone = { ...lost.body.result, key: rows[0].k };
    await t.storage.remove(gone.key);
  }, 60_000);
  afterAll(async () => {
    await target.close();
    await t.close();
    await bucket.stop();
  });

  test('is refused unless the settings name a bucket, and for a --from that is not a data folder', async () => {
    await expect(runCommand(ops(t.storage, t.config), 'storage-copy', { dryRun: false })).rejects.toThrow('set STORAGE=s3 and the S3_* settings');
    await expect(copy({ from: join(tempDir(), 'nowhere'), dryRun: false })).rejects.toThrow(/files is not a folder: --from names the data folder/);
  });

  test('--dry-run counts what it would copy and writes nothing', async () => {
    const keys = await keysOfRows();
    expect(keys).toHaveLength(files.length + 1 + signer.fileIds.length);
    const lines: string[] = [];
    const io = { out: (text: string) => lines.push(text), writeFile: () => undefined };
    expect(await executeCli(['storage-copy', '--from', t.config.dataDir, '--dry-run'], { config: s3Config, db: t.db, storage: target, io })).toBe(0);
    expect(lines).toEqual([
      `${keys.length} objects named by the database, ${join(t.config.dataDir, 'files')} → s3://kyc-copy/kyc/: ${keys.length - 1} to copy (dry run: nothing written), 0 there already, 1 missing from the disk store`,
      `  missing: ${gone.key}`,
    ]);
    for (const key of keys) expect(await bucket.object(`kyc/${key}`)).toBeNull();
  });

  test('copies every object the rows name under the same key, reports the missing one; a second run copies nothing', async () => {
    const keys = await keysOfRows();
    const first = await copy({ dryRun: false });
    expect(first).toMatchObject({ keys: keys.length, copied: keys.length - 1, replaced: 0, present: 0, missing: 1, failed: 0, missingKeys: [gone.key], dryRun: false });
    for (const key of keys.filter((k) => k !== gone.key)) {
      expect((await bucket.object(`kyc/${key}`))?.equals(readFileSync(join(t.config.dataDir, 'files', key)))).toBe(true);
    }
    const again = await copy({ dryRun: false });
    expect(again).toMatchObject({ keys: keys.length, copied: 0, present: keys.length - 1, missing: 1, failed: 0 });
  });

  test('an object of another size in the bucket (a copy cut short) is replaced on the next run', async () => {
    const { rows } = await t.db.query<{ k: string }>('SELECT storage_key AS k FROM files WHERE oss_id = $1', [files[0].ossId]);
    await target.putAt(rows[0].k, files[0].bytes.subarray(0, 5));
    expect(await copy({ dryRun: false })).toMatchObject({ copied: 1, replaced: 1, missing: 1, failed: 0 });
    expect((await bucket.object(`kyc/${rows[0].k}`))?.equals(files[0].bytes)).toBe(true);
  });

  test('then the app on S3 serves the files: signed download with ownership check, ops file, the signer\'s files; the lost one is refused as on disk', async () => {
    const app = await buildApp({ config: s3Config, db: t.db, clock: t.clock });
    try {
      await app.ready();
      expect(app.deps.storage.kind).toBe('s3');
      const cookie = `esop_sid=${client.cookie}`;
      for (const f of files) {
        const res = await app.inject({ method: 'GET', url: f.ossUrl, headers: { cookie } });
        expect([res.statusCode, res.rawPayload.equals(f.bytes)]).toEqual([200, true]);
        const exported = (await runCommand({ ...ops(app.deps.storage), config: s3Config }, 'file', { ossId: f.ossId, out: '/dev/null' })) as { base64: string };
        expect(Buffer.from(exported.base64, 'base64').equals(f.bytes)).toBe(true);
      }
      const stranger = await app.inject({ method: 'GET', url: files[0].ossUrl });
      expect([stranger.statusCode, stranger.json().error.code]).toEqual([403, ErrorCode.FORBIDDEN]);
      const lost = await app.inject({ method: 'GET', url: gone.ossUrl, headers: { cookie } });
      expect([lost.statusCode, lost.json().error.code]).toEqual([403, ErrorCode.FORBIDDEN]);

      const c2 = await TestClient.handshake(app, t.clock);
      for (const fileId of signer.fileIds) {
        const res = await c2.call('signFileDownload', { token: signer.token, idNumber: signer.idNumber, fileId });
        expect(res.body.error).toBeUndefined();
        const { rows } = await t.db.query<{ k: string }>('SELECT storage_key AS k FROM sign_files WHERE id = $1', [fileId]);
        expect(Buffer.from(res.body.result.data, 'base64').equals(readFileSync(join(t.config.dataDir, 'files', rows[0].k)))).toBe(true);
      }
    } finally {
      await app.close();
    }
  });
});
