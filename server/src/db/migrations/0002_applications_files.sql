-- Applications, uploaded files, application events (issue 2).

CREATE TABLE applications (
  -- random, unguessable id (not sequential)
  app_id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  oa_type integer NOT NULL,
  client_type text NOT NULL CHECK (client_type IN ('cn', 'hk')),
  client_status integer NOT NULL,
  apply_status integer NOT NULL,
  step_version text NOT NULL,
  -- applyStepsName: ordered step names (may include STATEMENT)
  steps jsonb NOT NULL,
  current_step text NULL,
  latest_step text NULL,
  -- saved step data keyed by step name, plus `drafts` {step: data} for halfway saves
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- {steps, message} when a reviewer sent it back
  reject_data jsonb NULL,
  cash_in_status integer NULL,
  cash_in_data jsonb NULL,
  stock_status integer NULL,
  aecode text NULL,
  channel text NULL,
  protocol_status integer NOT NULL DEFAULT 0,
  from_page text NULL,
  esop boolean NOT NULL DEFAULT false,
  -- set when the account is opened (ops approve): client id and sub-account id
  hl_id text NULL,
  sub_acct_id text NULL,
  -- last position the app reported ("lat,lng") and when
  last_position text NULL,
  last_position_at timestamptz NULL,
  submitted_at timestamptz NULL,
  -- an application replaced or closed; at most one active (NULL) per user
  archived_at timestamptz NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX applications_one_active_per_user ON applications (user_id) WHERE archived_at IS NULL;
CREATE INDEX applications_status_idx ON applications (apply_status, updated_at DESC);

CREATE TABLE files (
  -- random, unguessable id used in step data and download URLs
  oss_id text PRIMARY KEY,
  owner_user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  app_id text NULL REFERENCES applications (app_id) ON DELETE SET NULL,
  category text NOT NULL CHECK (category IN ('UserApply', 'UserInfo')),
  -- decided by content (magic bytes), never by the name
  mime text NOT NULL CHECK (mime IN ('image/png', 'image/jpeg', 'application/pdf')),
  size integer NOT NULL,
  sha256 text NOT NULL,
  -- where the storage backend keeps the bytes (generated; never derived from the name)
  storage_key text NOT NULL,
  -- the client's file name, sanitised, at most 200 characters (shown in Content-Disposition only)
  original_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX files_owner_idx ON files (owner_user_id, created_at DESC);
CREATE INDEX files_app_idx ON files (app_id);
