/** Where file bytes live: STORAGE and the S3_* settings, their checks, and Config.storage. */
import { z } from 'zod';
import { optionalText, type CrossCheck } from './fields';
import type { Config, Env } from './index';

export const storageEnv = {
  /** where file bytes live: disk (DATA_DIR/files, one machine only) or s3 (an S3-compatible bucket, any number of processes) */
  STORAGE: z.enum(['disk', 's3']).default('disk'),
  /** an S3-compatible server's URL (MinIO, Ceph, ...); unset: AWS's own endpoint for S3_REGION */
  S3_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'an http:// or https:// URL' }).optional()),
  /** the bucket's region (unset with S3_ENDPOINT: us-east-1, which S3-compatible servers accept) */
  S3_REGION: optionalText.pipe(z.string().regex(/^[a-z0-9-]{2,32}$/, 'a region name such as ap-east-1').optional()),
  /** the bucket (created beforehand; the service never creates one) */
  S3_BUCKET: optionalText.pipe(z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'an S3 bucket name (3-63 lower-case letters, digits, dots, hyphens)').optional()),
  /** an access key pair; both unset: the SDK's default chain (AWS_* variables, shared files, the instance's or task's role) */
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** the bucket in the URL's path instead of its host name (most S3-compatible servers): true or false */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  /** server-side encryption asked on every write: AES256 (S3-managed keys) or aws:kms; unset: the bucket's default */
  S3_SSE: optionalText.pipe(z.enum(['AES256', 'aws:kms']).optional()),
  /** the KMS key (id, alias or ARN) for S3_SSE=aws:kms; unset: the account's AWS managed key */
  S3_SSE_KMS_KEY_ID: optionalText,
  /** a folder inside the bucket for this service's objects (e.g. kyc/); unset: the bucket's top */
  S3_PREFIX: optionalText.pipe(
    z
      .string()
      .max(200)
      .regex(/^(?!\/)(?!.*\/\/)(?!.*(^|\/)\.\.?(\/|$))[A-Za-z0-9!_.*'()\/-]+$/, 'letters, digits and !_.*\'()-, folders separated by / (no leading /, no // or . / .. parts)')
      .optional(),
  ),
};

export const storageChecks: CrossCheck = (env, set) => {
  const problems: string[] = [];
  if (env.STORAGE !== 's3') return problems;
  if (!set('S3_BUCKET')) problems.push('S3_BUCKET: is required when STORAGE=s3');
  if (!set('S3_REGION') && !set('S3_ENDPOINT')) problems.push('S3_REGION: is required when STORAGE=s3 on AWS (or set S3_ENDPOINT for an S3-compatible server)');
  if (set('S3_ACCESS_KEY_ID') !== set('S3_SECRET_ACCESS_KEY')) {
    problems.push('S3_SECRET_ACCESS_KEY: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the SDK\'s default credential chain)');
  }
  if (set('S3_SSE_KMS_KEY_ID') && env.S3_SSE !== 'aws:kms') problems.push('S3_SSE_KMS_KEY_ID: needs S3_SSE=aws:kms');
  return problems;
};

/** STORAGE and the S3_* settings (checked together by storageChecks) as Config.storage. */
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
