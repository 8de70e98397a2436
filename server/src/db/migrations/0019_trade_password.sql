-- The trading password that guards editing an account's information (issue 13): one per account, kept only as a
-- scrypt hash; wrong tries lock it for a while. A correct password lets the session that gave it edit the account for
-- a few minutes (trade_verifications).

CREATE TABLE trade_passwords (
  sub_acct_id text PRIMARY KEY REFERENCES accounts (sub_acct_id) ON DELETE CASCADE,
  -- scrypt$<log2 N>$<r>$<p>$<salt b64url>$<key b64url>
  hash text NOT NULL,
  failed integer NOT NULL DEFAULT 0,
  locked_until timestamptz NULL,
  updated_at timestamptz NOT NULL
);

CREATE TABLE trade_verifications (
  session_hash text NOT NULL REFERENCES sessions (id_hash) ON DELETE CASCADE,
  sub_acct_id text NOT NULL REFERENCES accounts (sub_acct_id) ON DELETE CASCADE,
  until timestamptz NOT NULL,
  PRIMARY KEY (session_hash, sub_acct_id)
);
