-- The face check (issue 11): what each check measured (frames, light, movement, liveness and likeness scores, time),
-- which vendor made it, and when the applicant confirmed a passed one (LivingBodyConfirm) for the LIVINGWITNESS step.
ALTER TABLE face_checks ADD COLUMN scores jsonb NOT NULL DEFAULT '{}'::jsonb;
ALTER TABLE face_checks ADD COLUMN vendor text NOT NULL DEFAULT 'local';
ALTER TABLE face_checks ADD COLUMN confirmed_at timestamptz NULL;
CREATE INDEX face_checks_app_time ON face_checks (app_id, created_at);
-- the liveness video is a file of the applicant's too (VideoUpload: mp4 or webm by content)
ALTER TABLE files DROP CONSTRAINT files_mime_check;
ALTER TABLE files ADD CONSTRAINT files_mime_check CHECK (mime IN ('image/png', 'image/jpeg', 'application/pdf', 'video/mp4', 'video/webm'));
