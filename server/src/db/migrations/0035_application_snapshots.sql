-- Issue 36: the data of each submission (submit and resubmit), so that the review desk shows what a resubmission
-- changed, field by field, and what changed since a reviewer last opened the case. The same data as the application
-- row holds at that moment (steps' saved data, drafts left out); kept with the application (deleted with it).
CREATE TABLE application_snapshots (
  id bigserial PRIMARY KEY,
  app_id text NOT NULL REFERENCES applications (app_id) ON DELETE CASCADE,
  -- the submit or resubmit event it belongs to
  event_id bigint NOT NULL,
  at timestamptz NOT NULL,
  data jsonb NOT NULL
);
CREATE INDEX application_snapshots_app_idx ON application_snapshots (app_id, id);
