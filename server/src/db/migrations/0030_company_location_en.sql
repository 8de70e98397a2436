-- The company registry in the applicant's language (issue 25): the registered location in English where the
-- registry has one ('' otherwise), beside the English name (name_en, migration 0004). Filled by the import's
-- reg_location_en column and by the shipped seed (server/seeds/companies.csv), which refreshes its own rows.
ALTER TABLE companies ADD COLUMN reg_location_en text NOT NULL DEFAULT '';
