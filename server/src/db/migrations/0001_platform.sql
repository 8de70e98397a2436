-- Platform: users, login codes, sessions, cipher sessions and nonces, the SMS outbox, the audit log.

CREATE TABLE users (
  id text PRIMARY KEY,
  area_code text NOT NULL,
  phone text NOT NULL,
  sub_acct_id text NULL,
  -- the user-level client status (0 none, 30 has an application, 33 started, 31 success)
  client_status integer NOT NULL DEFAULT 0,
  -- the user's current application, set by the applications module
  app_id text NULL,
  -- per-user overrides set by operators: {openingLimitType?, statementLimitType?, statementSkipType?, check?, partnerUrl?}
  settings jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_login_at timestamptz NULL,
  UNIQUE (area_code, phone)
);

-- one row per code sent; the code itself is stored only as an HMAC with the row's salt
CREATE TABLE login_codes (
  salt text PRIMARY KEY,
  area_code text NOT NULL,
  phone text NOT NULL,
  code_hash text NOT NULL,
  ip text NOT NULL,
  sent_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  used_at timestamptz NULL
);
CREATE INDEX login_codes_phone_idx ON login_codes (area_code, phone, sent_at DESC);
CREATE INDEX login_codes_ip_idx ON login_codes (ip, sent_at DESC);

-- what the local (console) SMS vendor "sent": read by `npm run ops -- code <phone>`
CREATE TABLE sms_outbox (
  id bigserial PRIMARY KEY,
  area_code text NOT NULL,
  phone text NOT NULL,
  body text NOT NULL,
  code text NOT NULL,
  sent_at timestamptz NOT NULL
);
CREATE INDEX sms_outbox_phone_idx ON sms_outbox (area_code, phone, id DESC);

CREATE TABLE sessions (
  id_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  absolute_expires_at timestamptz NOT NULL,
  -- from the app token login: the app's own session id and sub-account id
  app_session_id text NULL,
  sub_acct_id text NULL
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE cipher_sessions (
  sid text PRIMARY KEY,
  -- the session's AES key, sealed: iv (12 bytes) || AES-GCM(key derived from SIGNING_SECRET, aad = sid)
  aes_key bytea NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX cipher_sessions_expiry_idx ON cipher_sessions (expires_at);

CREATE TABLE cipher_nonces (
  sid text NOT NULL,
  nonce text NOT NULL,
  ts bigint NOT NULL,
  PRIMARY KEY (sid, nonce)
);
CREATE INDEX cipher_nonces_ts_idx ON cipher_nonces (ts);

CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  -- 'user:<id>', 'ops:<name>' or 'system'
  actor text NOT NULL,
  user_id text NULL,
  app_id text NULL,
  action text NOT NULL,
  step text NULL,
  detail jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX audit_log_app_idx ON audit_log (app_id, at);
CREATE INDEX audit_log_user_idx ON audit_log (user_id, at);
