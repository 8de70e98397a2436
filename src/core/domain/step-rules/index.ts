/**
 * The rules of each step's data, one validator a step. The screens use them to enable Next and to show
 * errors; the service runs the same validator on every ApplyUpdate that is not a draft (100400 with
 * data.issues [{path: "data.<field>", message: <rule>}]).
 */
import type { StepName } from '../steps/index';
import type { FieldIssue, StepContext, StepValidator } from './types';
import { validateIdcard } from '../steps/idcard';
import { validateBankcard } from '../steps/bankcard';
import { validateUserInfo } from '../steps/userinfo';
import { validateProofAddress } from '../steps/proof-address';
import { validateStatement } from '../steps/statement';
import { validateHkIdcard } from '../steps/hk-idcard';
import { validateJobStatus } from '../steps/jobstatus';
import { validateFinance } from '../steps/finance';
import { validateInvestment } from '../steps/investment';
import { validateSelectAccount } from '../steps/select-account';
import { validateDisclosure } from '../steps/disclosure';
import { validateTaxInfo } from '../steps/tax-info';
import { validateCaApply, validateRisk, validateSign, validateSignature } from '../steps/risk';
import { validateLivingWitness } from '../steps/living-witness';

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
