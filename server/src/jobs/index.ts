/**
 * Background work (issue 24): the queue (queue.ts, pg-boss) and what each job does. `workJobs` makes this process
 * work every queue: `npm run worker` (worker.ts) always, `npm start` too when JOBS=inline (the embedded default).
 * A module's own job (the login code's SMS) is registered by the module (modules/index.ts `moduleJobs`, passed in by
 * app.ts and worker.ts): this folder imports no module.
 */
import type { Config } from '../config';
import type { Db } from '../db';
import type { Clock } from '../plugins/context';
import type { FileStorage } from '../storage';
import type { Vendors } from '../vendors';
import { deliverHandler, sweepHandler } from './outbox';
import type { Jobs } from './queue';
import type { JobHandler, JobHandlers, JobName } from './types';
import { faceHandler, ocrHandler } from './vendor-calls';
import { instrumentHandlers } from '../metrics';

export { createJobs, JobFailedError, JobTimeoutError, queuePlans, type Jobs, type JobsLog } from './queue';
export type { JobName, PayloadOf, ResultOf } from './types';

/** What the handlers use: the same objects the web process has (one storage object, passed around). */
export interface JobDeps {
  config: Config;
  db: Db;
  clock: Clock;
  vendors: Vendors;
  storage: FileStorage;
  jobs: Jobs;
  fetch?: typeof fetch;
}

/** The handlers a module gives for its own jobs, each made from the deps when a process starts working. */
export type JobRegistrations = { [N in JobName]?: (deps: JobDeps) => JobHandler<N> };

export function jobHandlers(deps: JobDeps, registered: JobRegistrations): JobHandlers {
  const fromModules = Object.fromEntries(Object.entries(registered).map(([name, make]) => [name, make?.(deps)])) as JobHandlers;
  return instrumentHandlers({
    ...fromModules,
    'outbox.sweep': sweepHandler(deps),
    'outbox.deliver': deliverHandler(deps),
    'face.check': faceHandler(deps),
    'ocr.read': ocrHandler(deps),
  });
}

/** Jobs sent on a timer by every process that works jobs (the queue keeps one at a time). */
export function periodicJobs(config: Config): { name: JobName; seconds: number }[] {
  return config.outbox.webhookUrl ? [{ name: 'outbox.sweep', seconds: config.outbox.sweepSeconds }] : [];
}

/** This process works every queue. */
export async function workJobs(deps: JobDeps, registered: JobRegistrations): Promise<void> {
  await deps.jobs.work(jobHandlers(deps, registered), periodicJobs(deps.config));
}
