/**
 * LIVINGWITNESS: livingBodyVerifyId must name a passed face check of this application (LivingBodyVerifyRaw). The
 * face check and its records come with issue 11; until then no id names one, and the step cannot be saved (a
 * mainland application stops at the liveness step).
 */
import type { StepCheck } from './index';

export const checkLivingWitness: StepCheck = async () => [{ path: 'data.livingBodyVerifyId', message: 'notOffered' }];
