-- Issue 28: what the OCR read from each photo, kept so that the review desk can show it beside what the applicant
-- saved (and whether they changed it). One row per photo (a photo read again replaces its row); the applicant's own
-- photo only (user_id). Deleted with the user.
CREATE TABLE ocr_readings (
  oss_id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- idcardFront, idcardBack, bankcard (src/core/domain/ocr-compare.ts)
  kind text NOT NULL,
  fields jsonb NOT NULL,
  read_at timestamptz NOT NULL
);
CREATE INDEX ocr_readings_user_idx ON ocr_readings (user_id);
