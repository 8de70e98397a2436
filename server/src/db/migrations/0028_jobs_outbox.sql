-- Background jobs (issue 24; server/src/jobs). The queue itself is pg-boss's, in its own schema (pgboss), made by
-- pg-boss at start. Here: what the jobs record in ours.

-- A login code's SMS is handed to the vendor by a job (sms.send): the hand-over is stamped here, so that a job run
-- again (a retry after a crash, a second worker) never sends the same code twice.
ALTER TABLE login_codes ADD COLUMN sms_sent_at timestamptz NULL;

-- The outbox (application_events, migration 0010) is published to OUTBOX_WEBHOOK_URL by jobs (outbox.sweep finds the
-- events not yet published, outbox.deliver POSTs one). The event's only change after it is written: the time its
-- delivery first succeeded.
ALTER TABLE application_events ADD COLUMN published_at timestamptz NULL;
CREATE INDEX application_events_unpublished_idx ON application_events (id) WHERE published_at IS NULL;

-- Every delivery attempt of an event: its HTTP status (null when no answer came), the error, when. outcome
-- 'delivered' is the one successful delivery of the event (the unique index below keeps it to one, even when two
-- workers deliver at once); 'duplicate' a later 2xx for an event already delivered; 'failed' any other answer.
CREATE TABLE outbox_deliveries (
  id bigserial PRIMARY KEY,
  event_id bigint NOT NULL REFERENCES application_events (id),
  attempt integer NOT NULL CHECK (attempt >= 1),
  outcome text NOT NULL CHECK (outcome IN ('delivered', 'duplicate', 'failed')),
  status_code integer NULL,
  error text NULL,
  ms integer NOT NULL DEFAULT 0,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_deliveries_event_idx ON outbox_deliveries (event_id, id);
CREATE UNIQUE INDEX outbox_deliveries_one_success ON outbox_deliveries (event_id) WHERE outcome = 'delivered';
