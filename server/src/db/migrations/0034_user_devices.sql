-- Issue 28: the browsers (their device cookie esop_dev, kept as a SHA-256) each user logged in from, so that the review
-- desk shows applications made by different users from the same browser. Deleted with the user.
CREATE TABLE user_devices (
  device_hash text NOT NULL,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  first_seen timestamptz NOT NULL,
  last_seen timestamptz NOT NULL,
  PRIMARY KEY (device_hash, user_id)
);
CREATE INDEX user_devices_user_idx ON user_devices (user_id);
