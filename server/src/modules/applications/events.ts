/**
 * An application's event (application_events: a submission or a decision, written by every change in its transaction)
 * as others read it: the history entry staff and operators see, and the body the outbox publishes to the webhook's
 * receiver — the applications module's outbox source, registered with the outbox at start (jobs/outbox.ts imports no
 * module).
 */
import { registerOutboxSource, type OutboxSource } from '../../jobs/outbox';
import * as events from './events-repository';

export interface HistoryEntry {
  id: number;
  at: string;
  actor: string;
  kind: string;
  fromStatus: number;
  toStatus: number;
  detail: Record<string, unknown>;
}

/** An event as the desk's case and `ops history` show it. */
export const historyEntry = (e: events.EventRow): HistoryEntry => ({
  id: e.id,
  at: new Date(e.at).toISOString(),
  actor: e.actor,
  kind: e.kind,
  fromStatus: e.from_status,
  toStatus: e.to_status,
  detail: e.detail,
});

/** The JSON a receiver of the outbox gets for an event (docs/api.md, "Outbox webhook"): the event with its application, id first. */
export const outboxBody = (e: events.EventRow): Record<string, unknown> => {
  const { id, ...entry } = historyEntry(e);
  return { id: Number(id), appId: e.app_id, ...entry };
};

/** The application events as the outbox publishes them. */
export const applicationOutbox: OutboxSource = {
  unpublished: events.unpublishedEventIds,
  async pending(db, eventId) {
    const e = await events.eventForDelivery(db, eventId);
    return e && !e.published_at ? outboxBody(e) : null;
  },
  recordSuccess: events.recordSuccessfulDelivery,
  recordFailure: events.recordFailedDelivery,
};

/** Registers the application events as the outbox's source (each process at start: the web's app, the worker). */
export function registerApplicationOutbox(): void {
  registerOutboxSource(applicationOutbox);
}
