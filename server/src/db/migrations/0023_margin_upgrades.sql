-- Upgrading a cash account to margin after opening (issue 13): the client's requests and staff's decisions. One request
-- under review per account (a partial unique index); an approved one changes accounts.acct_type to 2.

CREATE TABLE margin_upgrades (
  request_id text PRIMARY KEY,
  -- the order requests were made in (two in the same millisecond included)
  seq bigserial NOT NULL,
  sub_acct_id text NOT NULL REFERENCES accounts (sub_acct_id) ON DELETE CASCADE,
  user_id text NOT NULL,
  -- 1 under review, 2 approved, 3 refused
  status integer NOT NULL,
  agreements jsonb NOT NULL,
  acknowledgements jsonb NOT NULL,
  message text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  decided_at timestamptz NULL
);

CREATE UNIQUE INDEX margin_upgrades_one_pending ON margin_upgrades (sub_acct_id) WHERE status = 1;
CREATE INDEX margin_upgrades_by_account ON margin_upgrades (sub_acct_id, seq DESC);
CREATE INDEX margin_upgrades_pending ON margin_upgrades (seq) WHERE status = 1;
