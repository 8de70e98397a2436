-- Company registry for CompanySearch / CompanyInfo (issue 3): the local vendor's table, filled by
-- `npm run ops -- companies-import <file.csv>` and seeded from server/seeds/companies.csv when empty.
-- Searched by name (Chinese or English) with pg_trgm: trigram GIN indexes serve ILIKE '%word%' and the
-- word-similarity operator. PGlite loads the extension from its contrib build (server/src/db/index.ts);
-- on PostgreSQL it ships with the server (Debian: postgresql-15 includes the contrib modules).

CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE companies (
  -- the registry's id (e.g. a unified social credit code or a CR number), or the importer's own
  id text PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 64),
  -- registered name as registered (Chinese for mainland and most HK companies)
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  -- English name where the company has one ('' otherwise)
  name_en text NOT NULL DEFAULT '',
  -- registered location (address or city) as the registry gives it
  reg_location text NOT NULL DEFAULT '',
  -- where the row came from (the import's --vendor, 'seed' for the shipped seed)
  source text NOT NULL DEFAULT 'import',
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX companies_name_trgm ON companies USING gin (name gin_trgm_ops);
CREATE INDEX companies_name_en_trgm ON companies USING gin (name_en gin_trgm_ops);
