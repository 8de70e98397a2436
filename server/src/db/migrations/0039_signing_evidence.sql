-- Issue 41 (part 5): where and on what device a signature was given, and the certificates of completion.
--
-- signing_evidence: one row each time an applicant saves the SIGNATURE step or submits (app_id), and when an
-- organisation's signer signs (ticket_id): the place of the request's address as the IP location vendor names it
-- (country and region codes, never the address itself), the browser and the system from its user agent, the
-- page's language. Read by the certificate of completion.
CREATE TABLE signing_evidence (
  id bigserial PRIMARY KEY,
  app_id text NULL REFERENCES applications (app_id),
  ticket_id text NULL REFERENCES sign_tickets (id),
  event text NOT NULL CHECK (event IN ('signature', 'submit', 'orgSign')),
  country text NOT NULL,
  region text NOT NULL,
  -- e.g. "Chrome 131" and "Android 14" ('' when the user agent does not say)
  browser text NOT NULL,
  os text NOT NULL,
  lang text NOT NULL,
  at timestamptz NOT NULL,
  CHECK ((app_id IS NULL) <> (ticket_id IS NULL))
);
CREATE INDEX signing_evidence_app_idx ON signing_evidence (app_id, id) WHERE app_id IS NOT NULL;
CREATE INDEX signing_evidence_ticket_idx ON signing_evidence (ticket_id, id) WHERE ticket_id IS NOT NULL;

-- an applicant's certificate of completion (ApplyCertificate): made once per submission and language, kept as the
-- applicant's PDF file, so that every download of it is the same signed file
CREATE TABLE completion_certificates (
  app_id text NOT NULL REFERENCES applications (app_id),
  lang text NOT NULL,
  submitted_at timestamptz NOT NULL,
  oss_id text NOT NULL,
  sha256 text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (app_id, lang, submitted_at)
);

-- an organisation signer's certificate of completion is a file of the ticket (kind certificate)
ALTER TABLE sign_files DROP CONSTRAINT sign_files_kind_check;
ALTER TABLE sign_files ADD CONSTRAINT sign_files_kind_check CHECK (kind IN ('organizationChart', 'openingForm', 'upload', 'signed', 'idPhoto', 'certificate'));

-- the signer's drawn signature as signed (the PNG placed on the documents), for the certificate of completion
ALTER TABLE sign_tickets ADD COLUMN signature_key text NULL;
