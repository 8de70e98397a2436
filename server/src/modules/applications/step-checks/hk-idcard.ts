/**
 * HK_IDCARD service-only rules (after the domain's validateHkIdcard passed):
 * - nationality, issuing country and permanent-residence country are ISO 3166-1 alpha-2 codes (i18n-iso-countries);
 * - the document images and permanent-residence files are the caller's UserInfo files (ownership itself is
 *   checked for every step before this);
 * - the document number (and a non-permanent resident's permanent ID number) is not held by another user's
 *   active application → 150204 with data.phone, the holder's phone masked (maskPhone). The look-up is the one
 *   the IDCARD check uses (findIdHolderPhone), so a number saved through either identity step counts.
 */
import { at, str } from '@core/domain';
import type { Issue } from '../../../errors';
import { claimIdentityNumbers, filesOfCategory } from './idcard';
import { unknownCountries } from './userinfo';
import type { StepCheck } from './index';

export const checkHkIdcard: StepCheck = async (args) => {
  const { tx, userId, data } = args;
  const nonPermanent = data.permanentResident === 2;
  const issues: Issue[] = unknownCountries([
    ['nationality', data.nationality],
    ['idCountry', data.idCountry],
    ...(nonPermanent ? [['idExtraInfo.permanent.idCountry', at(data, 'idExtraInfo.permanent.idCountry')] as const] : []),
  ]);

  const images: Array<readonly [string, unknown]> = [['documentInfo.nonMainlandDocument.front', at(data, 'documentInfo.nonMainlandDocument.front')]];
  const back = at(data, 'documentInfo.nonMainlandDocument.back');
  if (back !== undefined) images.push(['documentInfo.nonMainlandDocument.back', back]);
  const proofs = at(data, 'documentInfo.idCard');
  if (nonPermanent && Array.isArray(proofs)) proofs.forEach((f, i) => images.push([`documentInfo.idCard.${i}`, f]));
  issues.push(...(await filesOfCategory(tx, userId, images, 'UserInfo')));
  if (issues.length) return issues;

  await claimIdentityNumbers(args, ['HK_IDCARD', 'HK_IDCARD.permanent'], {
    HK_IDCARD: str(data.idNumber),
    ...(nonPermanent ? { 'HK_IDCARD.permanent': str(at(data, 'idExtraInfo.permanent.idNumber')) } : {}),
  });
  return [];
};
