-- The history of an application's status (issue 10): one row for every submission, resubmission and staff decision
-- (approve, reject, status, deposit, stock transfer-in, client status), written in the same transaction as the change
-- it records (server/src/modules/applications/status-change.ts). It is also the outbox: a later worker can publish the
-- rows after `id` it has seen. Rows are never updated or deleted by the service, and outlive an archived application
-- (no foreign key: the history of a decision is kept whatever happens to the application later).
CREATE TABLE application_events (
  id bigserial PRIMARY KEY,
  app_id text NOT NULL,
  at timestamptz NOT NULL,
  -- who: 'user:<userId>', 'ops:<command>' or 'system'
  actor text NOT NULL CHECK (actor ~ '^(user:.+|ops:[a-z-]+|system)$'),
  -- what: submit, resubmit, approve, reject, status, deposit, stock, client-status, channel, protocol, witness, ...
  kind text NOT NULL CHECK (kind ~ '^[a-z][a-z-]{1,31}$'),
  from_status integer NOT NULL,
  to_status integer NOT NULL,
  -- the decision's details (reject steps and message, submission snapshot hash and changed steps, deposit status, ...),
  -- never identity data in clear
  detail jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX application_events_app_idx ON application_events (app_id, id);
