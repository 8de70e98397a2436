-- Rate-limit counters (issue 2 review): one row per bucket (call + address or user) and fixed window.
-- Shared by every process on the same database; old windows are purged by the service.

CREATE TABLE rate_counters (
  bucket text NOT NULL,
  window_start timestamptz NOT NULL,
  window_end timestamptz NOT NULL,
  hits integer NOT NULL,
  PRIMARY KEY (bucket, window_start)
);

CREATE INDEX rate_counters_window_end ON rate_counters (window_end);
