/**
 * The local AML screening: the aml_watchlist table (import with `npm run ops -- aml-import`), matched by match.ts. The
 * aml module's own, used when no outside vendor is configured (AML_VENDOR=local: vendors.aml is null).
 */
import type { Db } from '../../db';
import type { AmlVendor } from '../../vendors/aml/types';
import { applicantForms, keysOf, screenEntries } from './match';
import { watchCandidates } from './watchlist-repository';

export function localAmlScreening(db: Db): AmlVendor {
  return {
    name: 'local',
    async screen(subject) {
      const candidates = await watchCandidates(db, keysOf(applicantForms(subject)), subject.birthday);
      return { matches: screenEntries(subject, candidates) };
    },
  };
}
