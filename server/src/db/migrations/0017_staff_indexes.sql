-- Indexes for what staff look up and for the service's periodic clean-ups (issue 12, flat with scale): each query
-- below was a sequential scan (and a sort) of its whole table at 1M applications (scripts/scale.ts prints the plans).

-- `ops apps [--all]`: the most recently changed applications first, LIMIT N. Read backwards from the newest; archived
-- rows are skipped as met (few: an application is archived only when replaced or closed). `--status N` already has
-- applications_status_idx (apply_status, updated_at DESC).
CREATE INDEX applications_updated_idx ON applications (updated_at DESC);

-- `ops app|history|face-checks <phone>` without --area: users is unique on (area_code, phone), which a phone alone
-- cannot use.
CREATE INDEX users_phone_idx ON users (phone);

-- `ops approve`: a new sub-account id is checked against both tables before it is given out.
CREATE INDEX applications_sub_acct_idx ON applications (sub_acct_id) WHERE sub_acct_id IS NOT NULL;
CREATE INDEX users_sub_acct_idx ON users (sub_acct_id) WHERE sub_acct_id IS NOT NULL;

-- `ops app`: the application's last 30 audit entries, newest id first (audit_log_app_idx is by time; ids and times can
-- disagree, so that one still sorted every entry of the application). Same for a user's trail.
CREATE INDEX audit_log_app_id_idx ON audit_log (app_id, id) WHERE app_id IS NOT NULL;
CREATE INDEX audit_log_user_id_idx ON audit_log (user_id, id) WHERE user_id IS NOT NULL;
DROP INDEX audit_log_app_idx;
DROP INDEX audit_log_user_idx;

-- the once-a-minute clean-ups a request runs: expired sessions (absolute or idle) and login codes over two days old
CREATE INDEX sessions_absolute_expiry_idx ON sessions (absolute_expires_at);
CREATE INDEX sessions_last_seen_idx ON sessions (last_seen_at);
CREATE INDEX login_codes_sent_idx ON login_codes (sent_at);

-- Nothing reads the step data's identity numbers since identity_numbers (0016) holds them; the four expression
-- indexes of 0005 were still recomputed and written on every step save.
DROP INDEX applications_idcard_number_idx;
DROP INDEX applications_hk_idcard_number_idx;
DROP INDEX applications_hk_permanent_number_idx;
DROP INDEX applications_statement_hk_number_idx;
