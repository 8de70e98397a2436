/**
 * The jobs the modules own, registered with the queue (jobs/index.ts workJobs) by app.ts and worker.ts: the queue's own
 * jobs (the outbox, the vendor calls) are registered by server/src/jobs itself. A file of its own, so that the worker
 * loads the jobs' code and not every module's routes.
 */
import type { JobRegistrations } from '../jobs';
import { smsJob } from './auth/sms-job';

export const moduleJobs: JobRegistrations = { 'sms.send': smsJob };
