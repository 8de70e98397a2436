-- Generated documents of the certificate step (ApplyDocument, issue 10): the account opening application form, the
-- W-8BEN and the self-certification form of an application, as the applicant's PDF files. A document is made again
-- when the application's data changed (data_hash), otherwise the stored one is returned.
CREATE TABLE application_documents (
  app_id text NOT NULL REFERENCES applications (app_id),
  document text NOT NULL CHECK (document IN ('accountOpeningForm', 'w8ben', 'selfCertificationForm')),
  data_hash text NOT NULL,
  oss_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (app_id, document, data_hash)
);
