/** The shipped seed (server/seeds/companies.csv): imported at start-up when the companies table is empty. */
import { join } from 'node:path';
import { projectRoot } from '../../config';
import type { Db } from '../../db';
import { importCompaniesCsv, type ImportReport } from './import';
import { countCompanies } from './repository';

export const seedFile = () => join(projectRoot(), 'server', 'seeds', 'companies.csv');

/** Imports the seed when no company exists yet (rows already there are never touched); null when not needed. */
export async function seedCompaniesIfEmpty(db: Db, file: string = seedFile()): Promise<ImportReport | null> {
  if ((await countCompanies(db)) > 0) return null;
  return importCompaniesCsv(db, file, { source: 'seed', onlyNew: true });
}
