-- After opening (issue 13): the client's accounts. `ops approve` opens one for the application it approves (its
-- account type and markets from the SELECTACCOUNT step); the account home, auto exchange, the HK investor identifier
-- and the account updates read and change them.

CREATE TABLE accounts (
  sub_acct_id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- the application that opened it (NULL for an account brought over from the broker's previous system, source NGW)
  app_id text NULL REFERENCES applications (app_id),
  -- the client id (the application's hl_id), the trading account id and the user-centre number (HlInfoBySubId)
  clt_id text NOT NULL,
  acct_id text NOT NULL,
  uin text NOT NULL,
  -- 1 cash, 2 margin
  acct_type smallint NOT NULL,
  -- 1 individual, 2 corporate
  clt_type smallint NOT NULL DEFAULT 1,
  nick_name text NULL,
  -- MARKET bits (src/core/domain/profile.ts)
  markets integer NOT NULL,
  source text NULL,
  -- 1 the HK investor identifier consent is to be signed, 2 signed
  need_sign_hk_identifier smallint NOT NULL DEFAULT 1,
  auto_exchange boolean NOT NULL DEFAULT false,
  auto_exchange_changed_at timestamptz NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX accounts_user_idx ON accounts (user_id);
CREATE UNIQUE INDEX accounts_acct_id_idx ON accounts (acct_id);

-- the accounts opened before this migration
INSERT INTO accounts (sub_acct_id, user_id, app_id, clt_id, acct_id, uin, acct_type, markets, created_at)
SELECT a.sub_acct_id, a.user_id, a.app_id, coalesce(a.hl_id, substr(a.sub_acct_id, 2)), 'A' || substr(a.sub_acct_id, 2),
       'U' || substr(a.sub_acct_id, 2),
       CASE WHEN (a.data -> 'SELECTACCOUNT' ->> 'accountType') IN ('2', '3') THEN 2 ELSE 1 END,
       coalesce((a.data -> 'SELECTACCOUNT' ->> 'marketOpen')::integer, 3),
       a.updated_at
FROM applications a
WHERE a.sub_acct_id IS NOT NULL
ON CONFLICT DO NOTHING;

-- What the broker asks a client to complete (the improve-info page, query ticket): staff open a request for an
-- account with the fields to complete (`ops improve-info`); the client's link carries a ticket (kept only as a hash).
CREATE TABLE improve_requests (
  id text PRIMARY KEY,
  sub_acct_id text NOT NULL REFERENCES accounts (sub_acct_id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  ticket_hash text NOT NULL UNIQUE,
  -- the fields asked for and, once completed, the answers
  fields jsonb NOT NULL,
  answers jsonb NULL,
  -- 1 open, 2 completed, 3 withdrawn by staff
  status smallint NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL,
  completed_at timestamptz NULL
);
CREATE INDEX improve_requests_account_idx ON improve_requests (sub_acct_id) WHERE status = 1;
