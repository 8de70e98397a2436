/**
 * RISK: the disclosure confirmed by this application (ApplyRiskConfirm); the customer authorisation ticked exactly where
 * the channel needs it. Registered with the applications' step checks by risk's routes.
 */
import { CUSTOMER_AUTHORISATION, riskAgreementsOf } from '@core/domain';
import type { Issue } from '../../errors';
import type { StepCheck } from '../applications';
import { isConfirmed } from './repository';

export const checkRisk: StepCheck = async ({ tx, appId, data, ctx, config }) => {
  const issues: Issue[] = [];
  if (!(await isConfirmed(tx, appId, String(data.disclosureId)))) issues.push({ path: 'data.disclosureId', message: 'mustListen' });
  const needed = riskAgreementsOf(ctx.app, config.riskAuthChannels).includes(CUSTOMER_AUTHORISATION);
  if (needed !== (data.agreements as string[]).includes(CUSTOMER_AUTHORISATION)) issues.push({ path: 'data.agreements', message: needed ? 'mustTick' : 'notOffered' });
  return issues;
};
