/**
 * An S3 server for local runs and multi-process tests: s3rver on 127.0.0.1 (S3_TEST_PORT, default a free
 * port) with one bucket (S3_TEST_BUCKET, default kyc-test), objects in S3_TEST_DIR (default a temporary folder).
 * Prints one JSON line {endpoint, bucket, env} (env: the service's STORAGE/S3_* settings for it) and runs until
 * SIGTERM or SIGINT.   npx tsx scripts/s3-test-server.ts
 */
import { startS3 } from '../server/test/s3';

const s3 = await startS3({
  bucket: process.env.S3_TEST_BUCKET || undefined,
  port: process.env.S3_TEST_PORT ? Number(process.env.S3_TEST_PORT) : undefined,
  directory: process.env.S3_TEST_DIR || undefined,
});
process.stdout.write(JSON.stringify({ endpoint: s3.endpoint, bucket: s3.bucket, env: s3.env }) + '\n');
const stop = () => void s3.stop().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
