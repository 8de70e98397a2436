-- Risk disclosure audio (issue 10): the tracks an applicant hears before RISK, their media (audio and the speaker's
-- avatar, seeded from static/risk/ at first start, replaceable by `npm run ops -- risk-track`), when each
-- application first fetched a track's audio, and the confirmations (ApplyRiskConfirm) that RISK refers to.

CREATE TABLE risk_media (
  id text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]{1,64}$'),
  content_type text NOT NULL CHECK (content_type IN ('audio/mpeg', 'audio/mp4', 'audio/ogg', 'audio/wav', 'image/png', 'image/jpeg')),
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE risk_tracks (
  id text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]{1,64}$'),
  -- zh (Mandarin) or yue (Cantonese): hk applicants hear yue, the others zh
  lang text NOT NULL CHECK (lang IN ('zh', 'yue')),
  -- audio type of part 3 §9: 1 Chinese, 13 / 15 traditional, 14 options
  audio_type int NOT NULL,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  license text NOT NULL CHECK (length(license) BETWEEN 1 AND 100),
  avatar_media_id text NOT NULL REFERENCES risk_media (id),
  audio_media_id text NOT NULL REFERENCES risk_media (id),
  -- the audio's real length, read from the file
  duration_ms int NOT NULL CHECK (duration_ms > 0),
  sort int NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- the first time an application fetched a track's audio: a confirmation sooner than the track can be heard is refused
CREATE TABLE risk_listens (
  app_id text NOT NULL REFERENCES applications (app_id),
  track_id text NOT NULL REFERENCES risk_tracks (id),
  first_fetched_at timestamptz NOT NULL,
  PRIMARY KEY (app_id, track_id)
);

CREATE TABLE risk_confirms (
  app_id text NOT NULL REFERENCES applications (app_id),
  track_id text NOT NULL REFERENCES risk_tracks (id),
  confirmed_at timestamptz NOT NULL,
  PRIMARY KEY (app_id, track_id)
);
