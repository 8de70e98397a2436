-- Face checks (LivingBodyVerifyRaw, issue 11): one row per check of an application's liveness video against its
-- identity card photo. The LIVINGWITNESS step may only name a passed check of the same application; until the face
-- check exists (issue 11) no row is written by the service, and a mainland application stops at the liveness step.
CREATE TABLE face_checks (
  id bigserial PRIMARY KEY,
  app_id text NOT NULL REFERENCES applications (app_id),
  passed boolean NOT NULL,
  -- the chosen frame kept as evidence (a file of the applicant), and the video checked
  image_oss_id text NULL,
  video_oss_id text NULL,
  -- the vendor's reason when not passed (part 3 §8, 150405)
  reason text NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX face_checks_app ON face_checks (app_id);
