/**
 * The rules of each step's data, one validator a step. The screens use them to enable Next and to show
 * errors; the service runs the same validator on every ApplyUpdate that is not a draft (100400 with
 * data.issues [{path: "data.<field>", message: <rule>}]).
 */
import type { StepName } from '../steps';
import type { FieldIssue, StepContext, StepValidator } from './types';
import { validateIdcard } from './idcard';
import { validateBankcard } from './bankcard';
import { validateUserInfo } from './userinfo';
import { validateProofAddress } from './proof-address';
import { validateStatement } from './statement';
import { validateHkIdcard } from './hk-idcard';
import { validateJobStatus } from './jobstatus';
import { validateFinance } from './finance';
import { validateInvestment } from './investment';
import { validateSelectAccount } from './select-account';
import { validateDisclosure } from './disclosure';
import { validateTaxInfo } from './tax-info';
import { validateLivingWitness } from './living-witness';

export type { FieldIssue, StepContext, StepValidator } from './types';
export { issuesOf, at, str, savedStepsOf, stepContextOfApp } from './types';

export const STEP_VALIDATORS: Partial<Record<StepName, StepValidator>> = {
  IDCARD: validateIdcard,
  BANKCARD: validateBankcard,
  USERINFO: validateUserInfo,
  PROOFADDRESS: validateProofAddress,
  STATEMENT: validateStatement,
  HK_IDCARD: validateHkIdcard,
  JOBSTATUS: validateJobStatus,
  FINANCE: validateFinance,
  INVESTMENT: validateInvestment,
  SELECTACCOUNT: validateSelectAccount,
  IDENTITYEXPOSURE: validateDisclosure,
  TAXINFO: validateTaxInfo,
  LIVINGWITNESS: validateLivingWitness,
};

/** The step's issues; a step without a validator here has none (its screen comes with a later issue). */
export function validateStep(step: StepName, data: Record<string, unknown>, ctx: StepContext): FieldIssue[] {
  const v = STEP_VALIDATORS[step];
  return v ? v(data, ctx) : [];
}
