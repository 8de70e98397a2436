/**
 * The shipped data, put in at the start of every web process (buildApp, after the database was migrated or checked
 * and before the modules' routes are registered): the risk disclosure tracks, the sample AML watch list, the company
 * seed. Each seed is idempotent and safe when several processes start at once on PostgreSQL (each one's own rule: the
 * tracks and the watch list only into an empty table, with existing ids left alone; the companies only while the table
 * holds nothing but the seed's rows). The worker and the ops CLI do not seed (as before): they read what a web start put.
 */
import type { Db } from '../db';
import { seedRiskTracksIfEmpty } from '../modules/risk/seed';
import { seedWatchlistIfEmpty } from '../modules/aml/watchlist-seed';
import { seedCompanies } from '../vendors/company/seed';

export interface SeedLog {
  info(obj: object, msg: string): void;
}

/** Puts in whatever shipped data is missing; logs what it imported. */
export async function seedData(db: Db, log: SeedLog): Promise<void> {
  const tracks = await seedRiskTracksIfEmpty(db);
  if (tracks) log.info({ tracks }, 'risk track seed imported');
  // the shipped sample watch list, once, while the list is empty (an operator's list is never mixed with it)
  const watchlist = await seedWatchlistIfEmpty(db);
  if (watchlist) log.info({ entries: watchlist.inserted, rejected: watchlist.rejected }, 'AML watch-list seed imported');
  // the shipped seed of companies, while the table holds only the seed's rows (an operator's import is never mixed with it)
  const companies = await seedCompanies(db);
  if (companies && (companies.inserted || companies.updated)) log.info({ companies: companies.inserted, updated: companies.updated, rejected: companies.rejected }, 'company seed imported');
}
