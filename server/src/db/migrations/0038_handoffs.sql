-- Start on a computer, finish on the phone (issue 41): a hand-off made by a logged-in session on a computer, shown as a
-- QR code (a link with a random token) and a short code. Only hashes of the token and the code are kept. A hand-off
-- works once, until expires_at, and only while the session that made it lives (session_hash).
CREATE TABLE handoffs (
  id text PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  -- HMAC of the short code (a code is made anew if it is held by another hand-off, even an expired one not purged yet)
  code_hash text NOT NULL UNIQUE,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- the session that made it (sessions.id_hash): the phone's session is only opened while it lives
  session_hash text NOT NULL,
  -- the route the phone opens (domain HANDOFF_ROUTES)
  route text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  -- set once, when the phone redeemed it (used_session_hash: the phone's new session, kept as the record of which one)
  used_at timestamptz NULL,
  used_session_hash text NULL,
  -- a newer hand-off of the same session ended it, or the computer closed its card or left the step
  cancelled_at timestamptz NULL
);
CREATE INDEX handoffs_session_idx ON handoffs (session_hash);
CREATE INDEX handoffs_expiry_idx ON handoffs (expires_at);
