/**
 * The login code's SMS as a job (sms.send). SendCode writes the code's row (its hash) and sends the job; the job
 * hands the text to the SMS vendor, retried with backoff while the vendor refuses (SMS_RETRIES, JOBS_RETRY_DELAY_SECONDS).
 * The hand-over is stamped on the code's row (login_codes.sms_sent_at) and a job that finds it stamped sends nothing:
 * once handed over, a code is never sent twice. A code used, expired or dropped meanwhile is not sent. After the last
 * try fails the code is dropped, so that the 60 s cooldown does not hold the applicant back from asking again.
 *
 * The code itself travels sealed (AES-256-GCM under a key derived from SIGNING_SECRET), so the job table never holds
 * a usable code in clear; the worker, which has the same secret, opens it.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { LANGS, type Lang } from '@core/domain';
import type { Config } from '../config';
import type { Db } from '../db';
import { smsText } from '../modules/auth/sms-text';
import * as authRepo from '../modules/auth/repository';
import type { Clock } from '../plugins/context';
import type { Vendors } from '../vendors';
import type { JobHandler } from './types';

function sealKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'esop jobs: sms code', 32));
}

/** base64url of iv (12) | tag (16) | ciphertext */
export function sealCode(secret: string, code: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(secret), iv);
  const body = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

export function openCode(secret: string, sealed: string): string {
  const raw = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', sealKey(secret), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

export interface SmsJobDeps {
  config: Config;
  db: Db;
  clock: Clock;
  vendors: Pick<Vendors, 'sms'>;
}

export function smsHandler(deps: SmsJobDeps): JobHandler<'sms.send'> {
  return async (job, ctx) => {
    const state = await authRepo.codeSmsState(deps.db, job.salt);
    if (!state) return { sent: false, skipped: 'gone' };
    if (state.smsSentAt) return { sent: false, skipped: 'sent' };
    const now = deps.clock.now();
    if (state.used || state.expiresAt.getTime() <= now) return { sent: false, skipped: 'expired' };
    const code = openCode(deps.config.secrets.signingSecret, job.sealedCode);
    const lang: Lang = (LANGS as readonly string[]).includes(job.lang) ? (job.lang as Lang) : 'zh-CN';
    try {
      await deps.vendors.sms.send({ areaCode: job.areaCode, phone: job.phone, code, text: smsText(lang, code) }, new Date(now));
    } catch (err) {
      // the last try: drop the code, so that the cooldown does not hold the applicant back
      if (ctx.retryCount >= ctx.retryLimit) await authRepo.deleteLoginCode(deps.db, job.salt);
      throw err;
    }
    await authRepo.markSmsSent(deps.db, job.salt, new Date(now));
    return { sent: true };
  };
}
