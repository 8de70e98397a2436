import type { Db } from '../../db';
import { createHttpAmlVendor } from './http';
import { createLocalAmlVendor } from './local';
import type { AmlSettings, AmlVendor } from './types';

export type { AmlMatch, AmlScreening, AmlSettings, AmlSubject, AmlVendor, MatchKind } from './types';

/** The AML screening the settings choose (the local aml_watchlist table unless AML_VENDOR=http). */
export function createAmlVendor(settings: AmlSettings, db: Db): AmlVendor {
  return settings.AML_VENDOR === 'http' ? createHttpAmlVendor(settings) : createLocalAmlVendor(db);
}
