/**
 * LIVINGWITNESS: livingBodyVerifyId must name a passed face check of this application (face_checks, written by
 * LivingBodyVerifyRaw of issue 11), and the certification picture must be the caller's own UserApply upload.
 * Until the face check exists no passed check does, and a mainland application stops at the liveness step.
 */
import { at } from '@core/domain';
import { filesOfCategory } from './idcard';
import type { StepCheck } from './index';
import { isPassedFaceCheck } from './repository';

export const checkLivingWitness: StepCheck = async ({ tx, userId, appId, data }) => {
  if (!(await isPassedFaceCheck(tx, appId, Number(data.livingBodyVerifyId)))) return [{ path: 'data.livingBodyVerifyId', message: 'notOffered' }];
  return filesOfCategory(tx, userId, [['documentInfo.livingBodyCertificationPicture', at(data, 'documentInfo.livingBodyCertificationPicture')]], 'UserApply');
};
