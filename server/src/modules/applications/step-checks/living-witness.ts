/**
 * LIVINGWITNESS service-only rule (after the domain's validateLivingWitness passed): the certification picture is the
 * caller's own UserApply upload. Whether livingBodyVerifyId names this application's face check comes with the face
 * check itself (issue 11).
 */
import { at } from '@core/domain';
import { filesOfCategory } from './idcard';
import type { StepCheck } from './index';

export const checkLivingWitness: StepCheck = async ({ tx, userId, data }) =>
  filesOfCategory(tx, userId, [['documentInfo.livingBodyCertificationPicture', at(data, 'documentInfo.livingBodyCertificationPicture')]], 'UserApply');
