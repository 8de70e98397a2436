-- AML screening (issue 4): the watch list the local AML vendor screens against, filled by
-- `npm run ops -- aml-import <file.csv> [--source NAME] [--replace]` and seeded from server/seeds/aml-watchlist.csv
-- when empty; and every ApplyAmlCheck answer, kept for audit.
-- Matching (server/src/modules/aml/match.ts) works on normalised keys: each name and alias of an entry as upper-case
-- Latin letters without spaces, hyphens, apostrophes or diacritics, in the listed order and with the first or last word
-- moved (name order), Chinese characters also as their pinyin readings, and the Chinese characters themselves.
-- match_keys holds them all; ApplyAmlCheck looks up the entries sharing a key with the applicant (GIN index) and the
-- entries listed with the applicant's birth date (near-hits by edit distance need the same date).

CREATE TABLE aml_watchlist (
  -- the list's name for this import (--source, e.g. 'seed', 'ofac-sdn', 'un-consolidated')
  source text NOT NULL CHECK (source ~ '^[A-Za-z0-9._-]{1,32}$'),
  -- the entry's reference in its list (1-64 characters)
  id text NOT NULL CHECK (length(id) BETWEEN 1 AND 64),
  -- the name as the list writes it (Chinese or Latin script)
  full_name text NOT NULL CHECK (length(full_name) BETWEEN 1 AND 200),
  -- other names the list gives (aka, Chinese name of a romanised entry, former names)
  aliases text[] NOT NULL DEFAULT '{}',
  -- normalised keys of the name and every alias (see above); recomputed by each import
  match_keys text[] NOT NULL,
  -- NULL when the list gives no full birth date: the entry then matches on the name alone
  birth_date date NULL,
  -- ISO 3166-1 alpha-2 nationality or country the list gives, NULL when none
  country text NULL CHECK (country IS NULL OR country ~ '^[A-Z]{2}$'),
  -- when the list says the entry was listed (NULL when it does not), and when it was imported here
  listed_at date NULL,
  imported_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (source, id)
);

CREATE INDEX aml_watchlist_keys_idx ON aml_watchlist USING gin (match_keys);
CREATE INDEX aml_watchlist_birth_date_idx ON aml_watchlist (birth_date) WHERE birth_date IS NOT NULL;

CREATE TABLE aml_checks (
  -- random and unguessable: the amlInfoId the applicant's disclosure step names
  id text PRIMARY KEY,
  -- no foreign keys: the record of a screening outlives the application or user it was about (audit retention)
  app_id text NOT NULL,
  user_id text NOT NULL,
  client_type text NOT NULL CHECK (client_type IN ('cn', 'hk')),
  -- the names and birth date screened, as the identity steps held them at the time
  chinese_name text NOT NULL DEFAULT '',
  last_name text NOT NULL,
  first_name text NOT NULL,
  birth_date date NOT NULL,
  -- 1 when at least one entry matched, else 0
  hit_status smallint NOT NULL CHECK (hit_status IN (0, 1)),
  -- the matched entries: [{source, id, listedName, matchedName, applicantName, how, distance, birthDate}]
  matches jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- the vendor that screened ('local' for aml_watchlist) and its own reference when it gives one
  vendor text NOT NULL,
  vendor_ref text NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX aml_checks_app_idx ON aml_checks (app_id, created_at DESC);
CREATE INDEX aml_checks_user_idx ON aml_checks (user_id, created_at DESC);
