-- Stock transfer-in (issue 13): a client's request to receive Hong Kong shares held at another broker into an opened
-- account (TransferInApply), and every status it has had (the client's filing, then staff's `ops transfer-in-status`).
-- The application's stock_status follows its latest request (an application_events row of kind 'stock' each time).
CREATE TABLE transfer_in_requests (
  request_id text PRIMARY KEY,
  -- the filing order (two requests may share a timestamp): the latest request is the highest
  seq bigserial NOT NULL UNIQUE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  app_id text NOT NULL REFERENCES applications (app_id),
  -- the receiving account
  sub_acct_id text NOT NULL REFERENCES accounts (sub_acct_id),
  -- the other broker: a code of src/core/domain/brokers.ts; 32 (other) with its name and, if given, CCASS participant id
  broker_code smallint NOT NULL,
  broker_name text NULL CHECK (broker_name IS NULL OR length(broker_name) BETWEEN 2 AND 100),
  ccass_id text NULL CHECK (ccass_id IS NULL OR ccass_id ~ '^[BC][0-9]{5}$'),
  broker_account text NOT NULL CHECK (broker_account ~ '^[A-Za-z0-9-]{3,30}$'),
  -- [{"market": "HK", "code": "00700", "quantity": 1000}, ...]
  stocks jsonb NOT NULL,
  -- 1 requested, 2 failed, 3 confirming, 4 refused, 5 done (the application's stockStatus values)
  status smallint NOT NULL CHECK (status BETWEEN 1 AND 5),
  -- staff's message to the client (why it failed or was refused)
  message text NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX transfer_in_requests_app_idx ON transfer_in_requests (app_id, seq DESC);
-- staff's list: the requests in progress, oldest change first
CREATE INDEX transfer_in_requests_review_idx ON transfer_in_requests (status, updated_at);

CREATE TABLE transfer_in_events (
  id bigserial PRIMARY KEY,
  request_id text NOT NULL REFERENCES transfer_in_requests (request_id) ON DELETE CASCADE,
  at timestamptz NOT NULL,
  -- 'user:<userId>' or 'ops:<command>'
  actor text NOT NULL,
  status smallint NOT NULL,
  message text NULL
);
CREATE INDEX transfer_in_events_request_idx ON transfer_in_events (request_id, id);
