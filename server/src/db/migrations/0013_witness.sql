-- Professional-person verification (issue 10, status 1500): the identity and address proofs an applicant hands to
-- staff after submitting (ApplyWitness). Each submission is kept; staff see the latest with `ops app`.
CREATE TABLE witness_submissions (
  id bigserial PRIMARY KEY,
  app_id text NOT NULL REFERENCES applications (app_id),
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  id_files jsonb NOT NULL,
  address_files jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX witness_submissions_app ON witness_submissions (app_id, created_at);
