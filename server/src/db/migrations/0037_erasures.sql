-- KYC retention (issue 38): one row for every erasure `ops erase-expired` made. What was erased is named by its ids
-- (an application's or user's random id, never a name, phone or ID number) with the reason, the period that allowed
-- it and what went (rows and stored files by count and bytes), so an auditor can see that records were erased under
-- the broker's retention rule and not lost. These rows are kept: they hold no personal data.
CREATE TABLE erasures (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL,
  -- 'ops:erase-expired' (or a staff or system actor later)
  actor text NOT NULL,
  -- application: one application with its rows and files, user: an applicant's login left with nothing,
  -- expired: login codes, SMS log lines and sessions past their life (counts only)
  kind text NOT NULL CHECK (kind IN ('application', 'user', 'expired')),
  subject text NULL,
  -- draft-abandoned, closed-past-retention, no-application-left, expired
  reason text NOT NULL,
  -- the rule in force: {kycYears, draftDays} and the time the period started (closedAt / updatedAt)
  rule jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- what went: {rows: {table: n}, files: n, bytes: n}
  erased jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX erasures_subject_idx ON erasures (subject);
CREATE INDEX erasures_at_idx ON erasures (at);
