/**
 * The shipped seed (server/seeds/companies.csv): imported at start-up while the companies table holds nothing but
 * the seed's own rows. An empty table gets it whole; a table seeded by an earlier release gets the rows the seed
 * changed or added since (the English locations of migration 0030, for one). Once an operator has imported a
 * registry the seed is never mixed in.
 */
import { join } from 'node:path';
import { projectRoot } from '../../config';
import type { Db } from '../../db';
import { importCompaniesCsv, type ImportReport } from './import';
import { hasImportedCompanies } from './repository';

export const seedFile = () => join(projectRoot(), 'server', 'seeds', 'companies.csv');

/** Imports or refreshes the seed unless an operator's import is there (then null); rows the seed did not put there are never touched. */
export async function seedCompanies(db: Db, file: string = seedFile()): Promise<ImportReport | null> {
  if (await hasImportedCompanies(db)) return null;
  return importCompaniesCsv(db, file, { source: 'seed', seedOnly: true });
}
