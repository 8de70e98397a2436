/** The title of each step's screen (its heading), for lists that name steps (the correction round on a status page). */
import type { StepName } from '@core/domain/steps';

export const STEP_TITLE_KEY: Record<StepName, string> = {
  STATEMENT: 'statement.title',
  IDCARD: 'idcard.title',
  HK_IDCARD: 'hkid.title',
  USERINFO: 'userinfo.title',
  PROOFADDRESS: 'address.title',
  BANKCARD: 'bankcard.title',
  JOBSTATUS: 'job.title',
  FINANCE: 'finance.title',
  INVESTMENT: 'investment.title',
  SELECTACCOUNT: 'account.title',
  IDENTITYEXPOSURE: 'disclosure.title',
  TAXINFO: 'tax.title',
  RISK: 'risk.title',
  SIGN: 'sign.title',
  SIGNATURE: 'signature.title',
  LIVINGWITNESS: 'liveness.title',
  CAAPPLY: 'caApply.title',
};
