// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the types of s3rver (none of its own), also for scripts/s3-test-server.ts under the root tsconfig
/// <reference path="./s3rver.d.ts" />
/**
 * A real S3 server for the tests: s3rver (npm) in this process on a loopback port, its objects in a temporary folder,
 * with a bucket made at start. `startS3()` answers the endpoint and the settings (STORAGE=s3, S3_*) that point the
 * service at it; `stop()` ends it and removes the folder. scripts/s3-test-server.ts runs the same as its own process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver checks request signatures against this fixed key pair */
export const S3RVER_KEY = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** where s3rver keeps the objects */
  directory: string;
  /** the service's settings for this bucket */
  env: Record<string, string>;
  /** an object's bytes read straight from the bucket (not through the service's storage), or null when absent */
  object(key: string): Promise<Buffer | null>;
  stop(): Promise<void>;
}

export async function startS3(opts: { bucket?: string; port?: number; directory?: string } = {}): Promise<TestS3> {
  const bucket = opts.bucket ?? 'kyc-test';
  const directory = opts.directory ?? mkdtempSync(join(tmpdir(), 'esop-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: opts.port ?? 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3RVER_KEY });
  return {
    endpoint,
    bucket,
    directory,
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: S3RVER_KEY.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    object: async (key) => {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return Buffer.from(await res.Body!.transformToByteArray());
      } catch (err) {
        if ((err as Error).name === 'NoSuchKey') return null;
        throw err;
      }
    },
    stop: async () => {
      client.destroy();
      server.httpServer?.closeAllConnections();
      await server.close();
      if (!opts.directory) rmSync(directory, { recursive: true, force: true });
    },
  };
}
