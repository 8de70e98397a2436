/** The Invitation feature: whether it is allowed for the user, and recording the invite code an applicant took. */
import { FEATURE, INVITATION_STAGE } from '../domain/channel';
import { callApi } from './client';

/**
 * Records the new invite code as the applicant's inviter, only when the Invitation feature is allowed for the user
 * (spec part 3 §4 "Channel change"). Never stands in the way of what follows: a failure is logged, not thrown.
 */
export async function recordInviter(code: string | null | undefined): Promise<'recorded' | 'notAllowed' | 'failed' | 'none'> {
  if (!code) return 'none';
  try {
    const { allow } = await callApi('featureCheck', { features: FEATURE.INVITATION });
    if (!allow) return 'notAllowed';
    await callApi('invitationUpdate', { stage: INVITATION_STAGE.OPEN_ACCOUNT, code });
    return 'recorded';
  } catch (e) {
    console.warn('the inviter could not be recorded', e);
    return 'failed';
  }
}
