/** The local AML vendor: the aml_watchlist table (import with `npm run ops -- aml-import`), matched by modules/aml/match.ts. */
import type { Db } from '../../db';
import { applicantForms, keysOf, screenEntries } from '../../modules/aml/match';
import { watchCandidates } from './repository';
import type { AmlVendor } from './types';

export function createLocalAmlVendor(db: Db): AmlVendor {
  return {
    name: 'local',
    async screen(subject) {
      const candidates = await watchCandidates(db, keysOf(applicantForms(subject)), subject.birthday);
      return { matches: screenEntries(subject, candidates) };
    },
  };
}
