-- Identity document numbers (issue 12): one row per number an application saved, in the same transaction as the
-- step. A number is held once its application has been submitted: one unique index keeps two submitted
-- applications from holding the same number, and a draft holds nothing, so nobody can lock the real owner out by
-- typing their number first. The 150204 check reads only held numbers (an index lookup, flat with scale).
CREATE TABLE identity_numbers (
  app_id text NOT NULL REFERENCES applications (app_id) ON DELETE CASCADE,
  -- where the number was saved: IDCARD, HK_IDCARD, HK_IDCARD.permanent, STATEMENT
  slot text NOT NULL,
  id_number text NOT NULL,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  held boolean NOT NULL DEFAULT false,
  PRIMARY KEY (app_id, slot)
);
CREATE UNIQUE INDEX identity_numbers_held ON identity_numbers (id_number) WHERE held;
CREATE INDEX identity_numbers_number ON identity_numbers (id_number);

-- what the applications saved before this table existed (a submitted one holds its numbers)
INSERT INTO identity_numbers (app_id, slot, id_number, user_id, held)
SELECT a.app_id, x.slot, upper(x.id_number), a.user_id, a.submitted_at IS NOT NULL
  FROM applications a
  CROSS JOIN LATERAL (VALUES
    ('IDCARD', a.data #>> '{IDCARD,idNumber}'),
    ('HK_IDCARD', a.data #>> '{HK_IDCARD,idNumber}'),
    ('HK_IDCARD.permanent', a.data #>> '{HK_IDCARD,idExtraInfo,permanent,idNumber}'),
    ('STATEMENT', a.data #>> '{STATEMENT,idExtraInfo,idcardHK,idNumber}')
  ) AS x (slot, id_number)
 WHERE a.archived_at IS NULL AND x.id_number IS NOT NULL AND x.id_number <> ''
ON CONFLICT DO NOTHING;
