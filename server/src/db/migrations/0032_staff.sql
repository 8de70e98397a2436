-- The review desk (issue 28): staff accounts and their sessions, who works which application (claims), and the
-- approvals of the four-eyes rule. Roles and limits: src/core/domain/staff.ts.

-- a staff member: a login, a role, a password (scrypt, salted: `scrypt$N$r$p$salt$hash`, base64url) and a TOTP
-- secret sealed with AES-256-GCM under a key derived from SIGNING_SECRET. totp_last_step: the time step of the last
-- code taken (a code is never taken twice). failed_sign_ins / locked_until: wrong passwords or codes in a row.
CREATE TABLE staff (
  id text PRIMARY KEY,
  login text NOT NULL UNIQUE,
  display_name text NOT NULL,
  role text NOT NULL CHECK (role IN ('reviewer', 'approver', 'admin')),
  password_hash text NOT NULL,
  totp_secret_sealed text NOT NULL,
  totp_last_step bigint NOT NULL DEFAULT 0,
  failed_sign_ins int NOT NULL DEFAULT 0,
  locked_until timestamptz NULL,
  disabled_at timestamptz NULL,
  created_at timestamptz NOT NULL,
  created_by text NOT NULL
);

-- a staff session: the cookie's SHA-256, ended at sign-out, on disabling, or by its limits
CREATE TABLE staff_sessions (
  id_hash text PRIMARY KEY,
  staff_id text NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  absolute_expires_at timestamptz NOT NULL,
  ended_at timestamptz NULL
);
CREATE INDEX staff_sessions_staff_idx ON staff_sessions (staff_id);

-- who works an application: one claim per application (the primary key: two reviewers cannot both hold it)
CREATE TABLE case_claims (
  app_id text PRIMARY KEY REFERENCES applications (app_id) ON DELETE CASCADE,
  staff_id text NOT NULL REFERENCES staff (id),
  claimed_at timestamptz NOT NULL
);
CREATE INDEX case_claims_staff_idx ON case_claims (staff_id);

-- the first approval of a four-eyes case, waiting for a second approver (a different person); removed when the
-- application is approved, sent back or closed
CREATE TABLE case_approvals (
  app_id text PRIMARY KEY REFERENCES applications (app_id) ON DELETE CASCADE,
  staff_id text NOT NULL REFERENCES staff (id),
  approved_at timestamptz NOT NULL,
  note text NOT NULL DEFAULT ''
);

-- a decision of the desk is recorded as its staff member's ('staff:<staffId>')
ALTER TABLE application_events DROP CONSTRAINT application_events_actor_check;
ALTER TABLE application_events ADD CONSTRAINT application_events_actor_check CHECK (actor ~ '^(user:.+|ops:[a-z-]+|staff:[A-Za-z0-9_-]+|system)$');

-- the desk's duplicate signal "the same bank card" looks applications up by the card number
CREATE INDEX applications_bank_card_idx ON applications ((data -> 'BANKCARD' -> 'bankInfo' ->> 'acctNumber'));
