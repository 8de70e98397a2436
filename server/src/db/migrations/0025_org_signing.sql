-- Organisation signing (issue 14): the organisations staff create (`ops org-create`), the signing tickets of their
-- signers (`ops sign-ticket`), the signers' sessions (ApplyAuth) and the ticket's files (generated, uploaded, signed).

-- an organisation and its one signer. The signer's ID number is kept only as an HMAC (SIGNING_SECRET) of its
-- comparison form (src/core/domain/org-sign.ts) and masked (first two and last two characters) for the signer's own view.
CREATE TABLE organisations (
  id text PRIMARY KEY,
  name text NOT NULL,
  name_zh text NOT NULL DEFAULT '',
  registration_number text NOT NULL UNIQUE,
  country text NOT NULL DEFAULT 'HK',
  signer_name text NOT NULL,
  signer_id_hmac text NOT NULL,
  signer_id_masked text NOT NULL,
  created_at timestamptz NOT NULL
);

-- a ticket: the link's random secret (SHA-256 kept), one organisation and its signer, expiring, revocable, locked
-- after too many wrong ID numbers. The step statuses (1 not needed, 2 needed, 3 success, 4 failed) and the signer's
-- certificate and key (the key sealed with AES-256-GCM under a key derived from SIGNING_SECRET).
CREATE TABLE sign_tickets (
  id text PRIMARY KEY,
  ticket_hash text NOT NULL UNIQUE,
  org_id text NOT NULL REFERENCES organisations (id),
  ca_status smallint NOT NULL CHECK (ca_status BETWEEN 1 AND 4),
  file_status smallint NOT NULL CHECK (file_status BETWEEN 1 AND 4),
  signature_status smallint NOT NULL CHECK (signature_status BETWEEN 1 AND 4),
  failed_attempts int NOT NULL DEFAULT 0,
  locked_at timestamptz NULL,
  revoked_at timestamptz NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  identity_confirmed_at timestamptz NULL,
  cert_der bytea NULL,
  cert_chain bytea[] NULL,
  cert_serial text NULL,
  cert_not_after timestamptz NULL,
  signer_key_sealed text NULL,
  signed_at timestamptz NULL
);
CREATE INDEX sign_tickets_org_idx ON sign_tickets (org_id, created_at);

-- a signer's session: id (the token's first part, also `session`) and the SHA-256 of its secret part (rndkey)
CREATE TABLE sign_sessions (
  id text PRIMARY KEY,
  ticket_id text NOT NULL REFERENCES sign_tickets (id),
  rndkey_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  ended_at timestamptz NULL
);
CREATE INDEX sign_sessions_ticket_idx ON sign_sessions (ticket_id);

-- a ticket's files: kind organizationChart | openingForm (generated), upload (the signer's), signed (a signed copy of
-- source_id); a file belongs to its ticket only
CREATE TABLE sign_files (
  id text PRIMARY KEY,
  ticket_id text NOT NULL REFERENCES sign_tickets (id),
  kind text NOT NULL CHECK (kind IN ('organizationChart', 'openingForm', 'upload', 'signed')),
  file_name text NOT NULL,
  mime text NOT NULL,
  size int NOT NULL,
  sha256 text NOT NULL,
  storage_key text NOT NULL,
  source_id text NULL REFERENCES sign_files (id),
  created_at timestamptz NOT NULL
);
CREATE INDEX sign_files_ticket_idx ON sign_files (ticket_id, kind);
