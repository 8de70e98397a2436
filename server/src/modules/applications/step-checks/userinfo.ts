/**
 * USERINFO service-only rules (after the domain's validateUserInfo passed): the birth country is a code of
 * the ISO 3166-1 list (i18n-iso-countries), not only two capital letters.
 */
import countries from 'i18n-iso-countries';
import { str } from '@core/domain';
import type { Issue } from '../../../errors';
import type { StepCheck } from './index';

/** Issues for the given [path, code] pairs that are not ISO 3166-1 alpha-2 codes. */
export function unknownCountries(pairs: ReadonlyArray<readonly [string, unknown]>): Issue[] {
  return pairs.filter(([, code]) => !countries.isValid(str(code))).map(([path]) => ({ path: `data.${path}`, message: 'country' }));
}

export const checkUserInfo: StepCheck = async ({ data }) => unknownCountries([['birthCountry', data.birthCountry]]);
