/** Where file bytes live: STORAGE and the S3_* settings as Config.storage. */
import type { Config, Env } from './index';

/** STORAGE and the S3_* settings (checked together by crossChecks) as Config.storage. */
export function storageOf(env: Env): Config['storage'] {
  if (env.STORAGE === 'disk') return { backend: 'disk' };
  const prefix = env.S3_PREFIX ? env.S3_PREFIX.replace(/\/?$/, '/') : '';
  return {
    backend: 's3',
    s3: {
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION ?? 'us-east-1',
      bucket: env.S3_BUCKET!,
      credentials: env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } : undefined,
      forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
      sse: env.S3_SSE,
      sseKmsKeyId: env.S3_SSE_KMS_KEY_ID,
      prefix,
    },
  };
}
