/**
 * Files in an S3-compatible bucket (STORAGE=s3): the same `<2 hex>/<32 hex>` keys as on disk, under an optional
 * prefix, so rows move between backends unchanged (ops storage-copy). Server-side encryption on every write when
 * S3_SSE says so; credentials from the settings or, when unset, the SDK's default chain (environment, shared files,
 * the instance's or task's role).
 */
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type PutObjectCommandInput,
} from '@aws-sdk/client-s3';
import { checkKey, newKey, StorageNotFoundError, type FileStorage, type StoredObject } from './types';

export interface S3Settings {
  /** an S3-compatible server's URL (MinIO, Ceph, ...); unset: AWS's endpoint for the region */
  endpoint?: string;
  region: string;
  bucket: string;
  /** unset: the SDK's default credential chain */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** bucket in the path (http://host/bucket/key) instead of the host name: most S3-compatible servers want it */
  forcePathStyle: boolean;
  /** server-side encryption asked on every write; unset: the bucket's default */
  sse?: 'AES256' | 'aws:kms';
  /** the KMS key for aws:kms (unset: the account's AWS managed key) */
  sseKmsKeyId?: string;
  /** put before every key ('' or ending with /) */
  prefix: string;
}

/** the SDK's errors for an absent object: GetObject's NoSuchKey, HeadObject's bare 404 */
function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return !!e && (e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404);
}

export function createS3Storage(s: S3Settings): FileStorage {
  const client = new S3Client({
    endpoint: s.endpoint,
    region: s.region,
    forcePathStyle: s.forcePathStyle,
    credentials: s.credentials,
    // a store that does not answer fails the request instead of holding it; idle sockets are dropped after 30 s
    requestHandler: { connectionTimeout: 5_000, socketTimeout: 30_000 },
    maxAttempts: 3,
  });
  const Bucket = s.bucket;
  const objectKey = (key: string) => {
    checkKey(key);
    return s.prefix + key;
  };
  const encryption: Pick<PutObjectCommandInput, 'ServerSideEncryption' | 'SSEKMSKeyId'> = s.sse
    ? { ServerSideEncryption: s.sse, ...(s.sse === 'aws:kms' && s.sseKmsKeyId ? { SSEKMSKeyId: s.sseKmsKeyId } : {}) }
    : {};
  const write = async (key: string, bytes: Uint8Array) => {
    await client.send(
      new PutObjectCommand({ Bucket, Key: objectKey(key), Body: bytes, ContentLength: bytes.byteLength, ContentType: 'application/octet-stream', ...encryption }),
    );
  };
  const get = async (key: string) => {
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
    } catch (err) {
      throw isMissing(err) ? new StorageNotFoundError(key) : err;
    }
  };

  return {
    kind: 's3',
    location: `s3://${Bucket}/${s.prefix}`,
    async put(bytes: Uint8Array): Promise<StoredObject> {
      const { key } = newKey();
      await write(key, bytes);
      return { key, size: bytes.byteLength };
    },
    async read(key: string): Promise<Buffer> {
      const res = await get(key);
      return Buffer.from(await res.Body!.transformToByteArray());
    },
    async open(key: string): Promise<Readable> {
      const res = await get(key);
      const body = res.Body;
      if (body instanceof Readable) return body;
      // not Node's stream (another runtime's fetch handler): a web stream turned into one
      return Readable.fromWeb(body!.transformToWebStream() as import('node:stream/web').ReadableStream);
    },
    async remove(key: string): Promise<void> {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    async size(key: string): Promise<number | null> {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return head.ContentLength ?? 0;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    putAt: write,
    async ping(): Promise<void> {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    async close(): Promise<void> {
      client.destroy();
    },
  };
}
