/**
 * The outbox (application_events) published to OUTBOX_WEBHOOK_URL, at least once per event:
 * - outbox.sweep (sent every OUTBOX_SWEEP_SECONDS by each process that works jobs; one at a time) finds the events
 *   not yet published and sends one outbox.deliver job per event (one at a time per event: singletonKey).
 * - outbox.deliver POSTs the event as JSON, signed (webhook.ts), and records the attempt (outbox_deliveries): a 2xx
 *   is the event's delivery (its published_at set; recorded once, even when two workers deliver at once), anything
 *   else fails the job, which pg-boss retries with backoff (OUTBOX_RETRIES; after the last, a later sweep starts over).
 * A receiver may get an event twice (a crash between its 2xx and our record): it deduplicates on the event id.
 * The events, their bodies and their publication's records are the applications module's: it registers them at start
 * (registerOutboxSource, modules/applications/events.ts); this file imports no module.
 */
import type { Config } from '../config';
import type { Db } from '../db';
import type { Jobs } from './queue';
import type { JobHandler } from './types';
import { EVENT_ID_HEADER, SIGNATURE_HEADER, signWebhook } from './webhook';

/** events looked at per sweep */
const SWEEP_BATCH = 200;
/** an event attempted this recently is left to its delivery job's own retries */
const REST_SECONDS = 3600;
/** one POST's time limit */
export const DELIVERY_TIMEOUT_MS = 10_000;

export interface OutboxDeps {
  config: Config;
  db: Db;
  jobs: Pick<Jobs, 'sendMany'>;
  fetch?: typeof fetch;
}

/** One delivery attempt, as the source records it. */
export interface DeliveryAttempt {
  eventId: number;
  statusCode: number | null;
  error: string | null;
  ms: number;
}

/** What the outbox publishes: events kept by the module that owns them, registered at start. */
export interface OutboxSource {
  /** events not yet published, oldest first, leaving out those attempted in the last `restSeconds` */
  unpublished(db: Db, limit: number, restSeconds: number): Promise<number[]>;
  /** the JSON a receiver gets for the event; null when it is published already (or gone) */
  pending(db: Db, eventId: number): Promise<Record<string, unknown> | null>;
  /** a 2xx: the event's one delivery, or a duplicate when another delivery got there first */
  recordSuccess(db: Db, attempt: DeliveryAttempt): Promise<'delivered' | 'duplicate'>;
  recordFailure(db: Db, attempt: DeliveryAttempt): Promise<void>;
}

let source: OutboxSource | undefined;

/** The outbox's registration point: the module owning the events registers them at start. */
export function registerOutboxSource(s: OutboxSource): void {
  source = s;
}

function registered(): OutboxSource {
  if (!source) throw new Error('the outbox has no source: the applications module registers it at start (registerApplicationOutbox)');
  return source;
}

export function sweepHandler(deps: OutboxDeps): JobHandler<'outbox.sweep'> {
  return async () => {
    if (!deps.config.outbox.webhookUrl) return { queued: 0 };
    const ids = await registered().unpublished(deps.db, SWEEP_BATCH, REST_SECONDS);
    // an event whose delivery job is queued or running already is skipped by the queue (exclusive policy)
    await deps.jobs.sendMany('outbox.deliver', ids.map((eventId) => ({ payload: { eventId }, singletonKey: `event:${eventId}` })));
    return { queued: ids.length };
  };
}

/** One delivery attempt of one event; throws (the job retries) unless the receiver answered 2xx. */
export async function deliverEvent(deps: OutboxDeps, eventId: number, signal?: AbortSignal): Promise<'delivered' | 'duplicate' | 'published'> {
  const { webhookUrl, webhookSecret } = deps.config.outbox;
  if (!webhookUrl || !webhookSecret) return 'published';
  const events = registered();
  const event = await events.pending(deps.db, eventId);
  if (!event) return 'published';
  const body = JSON.stringify(event);
  const started = Date.now();
  let statusCode: number | null = null;
  let error: string | null = null;
  try {
    const res = await (deps.fetch ?? fetch)(webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'esop-outbox/1',
        [EVENT_ID_HEADER]: String(eventId),
        [SIGNATURE_HEADER]: signWebhook(webhookSecret, body, Math.floor(Date.now() / 1000)),
      },
      body,
      // a redirect is not a delivery
      redirect: 'manual',
      signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(DELIVERY_TIMEOUT_MS)]) : AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    statusCode = res.status;
    await res.arrayBuffer().catch(() => undefined);
    if (res.status < 200 || res.status > 299) error = `HTTP ${res.status}`;
  } catch (err) {
    error = ((err as Error).message || String(err)).slice(0, 500);
  }
  const attempt: DeliveryAttempt = { eventId, statusCode, error, ms: Date.now() - started };
  if (error === null) return events.recordSuccess(deps.db, attempt);
  await events.recordFailure(deps.db, attempt);
  throw new Error(`webhook delivery of event ${eventId} failed: ${error}`);
}

export function deliverHandler(deps: OutboxDeps): JobHandler<'outbox.deliver'> {
  return async ({ eventId }, ctx) => ({ outcome: await deliverEvent(deps, eventId, ctx.signal) });
}
