-- Deposit notices (issue 10): after transferring money to one of the broker's receiving accounts the applicant tells
-- the broker (DepositNotice): amount, currency, paying bank and a proof image or PDF of theirs. Staff confirm it with
-- `npm run ops -- deposit <appId> 2000` (or ask for a change with 2020).
CREATE TABLE deposit_notices (
  id text PRIMARY KEY,
  app_id text NOT NULL REFERENCES applications (app_id),
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- a decimal string of at most 12 digits and 2 decimals, as sent
  amount numeric(14, 2) NOT NULL CHECK (amount > 0),
  currency text NOT NULL CHECK (currency IN ('HKD', 'USD', 'CNH')),
  paying_bank text NOT NULL CHECK (length(paying_bank) BETWEEN 2 AND 100),
  proof_oss_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX deposit_notices_app ON deposit_notices (app_id, created_at);
