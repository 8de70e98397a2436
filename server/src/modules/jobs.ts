/**
 * What the modules give the queue (jobs/index.ts workJobs), the same for app.ts (inline jobs) and worker.ts: the
 * handlers of the jobs a module owns, and the outbox's source (the applications' events, their body and records). The
 * queue's own jobs (the outbox, the vendor calls) are registered by server/src/jobs itself. A file of its own, so that
 * the worker loads the jobs' code and not every module's routes.
 */
import type { JobRegistrations } from '../jobs';
import { smsJob } from './auth/sms-job';
import { registerApplicationOutbox } from './applications/events';

export function moduleJobs(): JobRegistrations {
  registerApplicationOutbox();
  return { 'sms.send': smsJob };
}
