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
import { validateCaApply, validateRisk, validateSign, validateSignature } from './closing';
import { validateLivingWitness } from './living-witness';

export type { FieldIssue, StepContext, StepValidator } from './types';
export { issuesOf, at, str, savedStepsOf, stepContextOfApp, stepSourceOf } from './types';

/** One validator for every step: a step without one is a type error. */
export const STEP_VALIDATORS: Record<StepName, StepValidator> = {
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
  RISK: validateRisk,
  SIGN: validateSign,
  SIGNATURE: validateSignature,
  LIVINGWITNESS: validateLivingWitness,
  CAAPPLY: validateCaApply,
};

/** The step's issues (none: the data may be saved). */
export function validateStep(step: StepName, data: Record<string, unknown>, ctx: StepContext): FieldIssue[] {
  return STEP_VALIDATORS[step](data, ctx);
}
