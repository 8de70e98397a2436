-- Account updates after opening (issue 13): the account's current contact details and W-8BEN data, and the update
-- sessions that change them (modules 8 address, 512 W-8BEN), reviewed by staff (`ops update-approve|update-reject`).

-- what the account holds now: from the application that opened it, then from each approved update
ALTER TABLE accounts ADD COLUMN contact jsonb NULL;
ALTER TABLE accounts ADD COLUMN w8 jsonb NULL;
UPDATE accounts a
SET contact = coalesce(ap.data -> 'PROOFADDRESS' -> 'contactInfo', ap.data -> 'IDCARD' -> 'contactInfo'),
    w8 = ap.data -> 'TAXINFO' -> 'w8Info'
FROM applications ap
WHERE ap.app_id = a.app_id;

CREATE TABLE client_updates (
  update_id text PRIMARY KEY,
  sub_acct_id text NOT NULL REFERENCES accounts (sub_acct_id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- 1000 editing, 1200 submitted, 1900-1902 sent back, 4000 approved, 5000 discarded (src/core/domain/account-update.ts)
  status integer NOT NULL,
  module integer NOT NULL DEFAULT 0,
  re_update_module integer NOT NULL DEFAULT 0,
  reject_module integer NOT NULL DEFAULT 0,
  reject_data jsonb NULL,
  -- {"8": address module data, "512": W-8 module data}
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  submitted_at timestamptz NULL,
  decided_at timestamptz NULL
);
-- one update in progress (not approved or discarded) per account
CREATE UNIQUE INDEX client_updates_open_idx ON client_updates (sub_acct_id) WHERE status NOT IN (4000, 5000);
CREATE INDEX client_updates_account_idx ON client_updates (sub_acct_id, created_at DESC);
CREATE INDEX client_updates_review_idx ON client_updates (status, updated_at DESC);

-- the broker's request to update (e.g. a W-8BEN renewal): shown on the account info page until the client has seen it
CREATE TABLE update_notices (
  sub_acct_id text PRIMARY KEY REFERENCES accounts (sub_acct_id) ON DELETE CASCADE,
  module integer NOT NULL,
  message text NOT NULL,
  created_at timestamptz NOT NULL,
  seen_at timestamptz NULL
);
