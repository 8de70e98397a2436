-- Who invited an applicant (issue 13; spec part 3 "Invitation relation update"): the invite code the applicant took
-- and when (stage), one per user, recorded only when the Invitation feature is allowed for the user.

CREATE TABLE invitation_relations (
  user_id text PRIMARY KEY,
  code text NOT NULL,
  stage text NOT NULL,
  updated_at timestamptz NOT NULL
);
