/**
 * PROOFADDRESS service-only rules (after the domain's validateProofAddress passed): the residence and mailing
 * countries are codes of the ISO 3166-1 list. The proof files' ownership is checked for every step by the
 * service (100403 for a file that is not the caller's).
 */
import { at } from '@core/domain';
import { unknownCountries } from './userinfo';
import type { StepCheck } from './index';

export const checkProofAddress: StepCheck = async ({ data }) =>
  unknownCountries([
    ['contactInfo.residentialAddressCountry', at(data, 'contactInfo.residentialAddressCountry')],
    ['contactInfo.mailingAddressCountry', at(data, 'contactInfo.mailingAddressCountry')],
  ]);
