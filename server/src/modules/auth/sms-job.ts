/**
 * The login code's SMS as a job (sms.send), the auth module's own (registered in modules/index.ts). SendCode writes the code's row (its hash) and sends the job; the job
 * hands the text to the SMS vendor, retried with backoff while the vendor refuses (SMS_RETRIES, JOBS_RETRY_DELAY_SECONDS).
 * The hand-over is stamped on the code's row (login_codes.sms_sent_at) and a job that finds it stamped sends nothing:
 * once handed over, a code is never sent twice. A code used, expired or dropped meanwhile is not sent. After the last
 * try fails the code is dropped, so that the 60 s cooldown does not hold the applicant back from asking again.
 *
 * The code itself travels sealed (seal.ts), so the job table never holds a usable code in clear; the worker, which has
 * the same SIGNING_SECRET, opens it.
 */
import { LANGS, type Lang } from '@core/domain';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { seal, unseal } from '../../jobs/seal';
import type { JobHandler } from '../../jobs/types';
import type { Clock } from '../../plugins/context';
import type { Vendors } from '../../vendors';
import { smsText } from './sms-text';
import * as authRepo from './repository';

/** The code as the SMS job carries it. */
export const sealCode = (secret: string, code: string): string => seal(secret, code);
export const openCode = (secret: string, sealed: string): string => unseal<string>(secret, sealed);

export interface SmsJobDeps {
  config: Config;
  db: Db;
  clock: Clock;
  vendors: Pick<Vendors, 'sms'>;
}

/** The sms.send job's handler, registered with the queue through modules/jobs.ts (moduleJobs). */
export function smsJob(deps: SmsJobDeps): JobHandler<'sms.send'> {
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
