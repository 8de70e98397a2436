/** RISK: the disclosure confirmed by this application (ApplyRiskConfirm); the customer authorisation ticked exactly where the channel needs it. */
import { CUSTOMER_AUTHORISATION, riskAgreementsOf } from '@core/domain';
import type { Issue } from '../../../errors';
import { isConfirmed } from '../../risk/repository';
import type { StepCheck } from './index';

export const checkRisk: StepCheck = async ({ tx, appId, data, ctx, config }) => {
  const issues: Issue[] = [];
  if (!(await isConfirmed(tx, appId, String(data.disclosureId)))) issues.push({ path: 'data.disclosureId', message: 'mustListen' });
  const needed = riskAgreementsOf(ctx.app, config.riskAuthChannels).includes(CUSTOMER_AUTHORISATION);
  if (needed !== (data.agreements as string[]).includes(CUSTOMER_AUTHORISATION)) issues.push({ path: 'data.agreements', message: needed ? 'mustTick' : 'notOffered' });
  return issues;
};
