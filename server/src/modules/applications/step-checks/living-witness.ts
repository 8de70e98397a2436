/**
 * LIVINGWITNESS: livingBodyVerifyId must name a passed face check of this application (face_checks, written by
 * LivingBodyVerifyRaw of issue 11), and the certification picture must be the caller's own UserApply upload.
 * Until the face check exists no passed check does, and a mainland application stops at the liveness step.
 */
import { at } from '@core/domain';
import { filesOfCategory } from './idcard';
import type { StepCheck } from './index';

export const checkLivingWitness: StepCheck = async ({ tx, userId, appId, data }) => {
  const { rows } = await tx.query('SELECT 1 FROM face_checks WHERE id = $1 AND app_id = $2 AND passed', [Number(data.livingBodyVerifyId), appId]);
  if (!rows.length) return [{ path: 'data.livingBodyVerifyId', message: 'notOffered' }];
  return filesOfCategory(tx, userId, [['documentInfo.livingBodyCertificationPicture', at(data, 'documentInfo.livingBodyCertificationPicture')]], 'UserApply');
};
