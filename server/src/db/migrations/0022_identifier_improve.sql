-- After opening (issue 13): the HK investor identifier consent (HKIDR) with the client's BCAN, the app's page tickets
-- of the after-opening pages, and the broker's improve-info requests as staff open them (`ops improve-request`).

-- BCANs: numeric, up to 10 digits, one per client, never reused
CREATE SEQUENCE hk_bcan_seq START WITH 100000001 MAXVALUE 9999999999 NO CYCLE;

-- one consent per client (every sub-account of the client is marked signed). Evidence of a written consent: kept
-- without foreign keys so that it outlives the account and the user, never deleted by the service.
CREATE TABLE hk_identifier_consents (
  clt_id text PRIMARY KEY,
  user_id text NOT NULL,
  -- the account whose page it was signed on
  sub_acct_id text NOT NULL,
  bcan bigint NOT NULL UNIQUE,
  version text NOT NULL,
  lang text NOT NULL,
  -- SHA-256 (hex) of the consent text shown, in that language (locales hkIdentifier.consent)
  text_sha256 text NOT NULL,
  -- 'app' (the page was opened with the app's page ticket in this session) or 'web'
  channel text NOT NULL,
  signed_at timestamptz NOT NULL
);

-- the app's page tickets once used: a ticket logs in one session only (another session presenting it is refused);
-- kept a day after they expire (a ticket is refused by its expiry before this table is read)
CREATE TABLE page_tickets (
  ticket_hash text PRIMARY KEY,
  session_hash text NOT NULL,
  sub_acct_id text NOT NULL,
  page text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX page_tickets_session_idx ON page_tickets (session_hash, sub_acct_id);
CREATE INDEX page_tickets_expiry_idx ON page_tickets (expires_at);

-- improve-info requests (0018): the page is opened with the account (sub) or the app's page ticket, not a link of the
-- request's own, so the request keeps no ticket; staff may add a note; one open request per account
ALTER TABLE improve_requests DROP COLUMN ticket_hash;
ALTER TABLE improve_requests ADD COLUMN message text NULL;
ALTER TABLE improve_requests ADD COLUMN closed_by text NULL;
DROP INDEX improve_requests_account_idx;
CREATE UNIQUE INDEX improve_requests_open_idx ON improve_requests (sub_acct_id) WHERE status = 1;
CREATE INDEX improve_requests_recent_idx ON improve_requests (created_at DESC);
