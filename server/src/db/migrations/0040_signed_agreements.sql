-- Issue 41 review: what the applicant agreed to, as served, and one certificate of completion per signer and language.
--
-- signed_agreements: one row per agreement each time the SIGN step is saved in full: the agreement, the file the page
-- served (its name under static/agreements/<lang>/), the language it was read in (the page's, x-esop-lang) and the
-- SHA-256 of the bytes served then. The certificate of completion lists the rows of the last such save at or before
-- the submission (none for applications saved before this migration: the certificate says "Not recorded").
CREATE TABLE signed_agreements (
  id bigserial PRIMARY KEY,
  app_id text NOT NULL REFERENCES applications (app_id),
  agreement text NOT NULL,
  file_name text NOT NULL,
  lang text NOT NULL,
  sha256 text NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX signed_agreements_app_idx ON signed_agreements (app_id, at);

-- the signer's certificate of completion: one file per ticket and language (two requests at once keep the first)
CREATE UNIQUE INDEX sign_files_certificate_once ON sign_files (ticket_id, file_name) WHERE kind = 'certificate';

-- files the service makes for the user that do not count toward the user's daily upload quota (certificates of completion)
ALTER TABLE files ADD COLUMN quota_exempt boolean NOT NULL DEFAULT false;
