/** The shipped sample watch list (server/seeds/aml-watchlist.csv, fictional people): imported at start-up when the list is empty. */
import { join } from 'node:path';
import { projectRoot } from '../../config';
import type { Db } from '../../db';
import { importWatchlistCsv, type AmlImportReport } from './watchlist-import';
import { countWatchlist } from './watchlist-repository';

export const SEED_SOURCE = 'seed';
export const watchlistSeedFile = () => join(projectRoot(), 'server', 'seeds', 'aml-watchlist.csv');

/** Imports the seed when the watch list has no entry (an operator's list is never mixed with it); null when not needed. */
export async function seedWatchlistIfEmpty(db: Db, file: string = watchlistSeedFile()): Promise<AmlImportReport | null> {
  if ((await countWatchlist(db)) > 0) return null;
  return importWatchlistCsv(db, file, { source: SEED_SOURCE, onlyNew: true });
}
