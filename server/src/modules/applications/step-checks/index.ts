/**
 * Service-only checks of a step's save, after the domain's validator passed: rules that need the database or
 * the service's data (a known region code, an ID number held by another user's application → 150204, a country
 * code known to the ISO list). One entry a step; each may return issues (→ 100400) or throw an AppError.
 */
import type { StepContext, StepName } from '@core/domain';
import type { Config } from '../../../config';
import type { Db } from '../../../db';
import type { Issue } from '../../../errors';
import type { FileStorage } from '../../../storage';
import type { AppRow } from '../repository';
import { checkUserInfo } from './userinfo';
import { checkProofAddress } from './proof-address';
import { checkIdcard } from './idcard';
import { checkBankcard } from './bankcard';
import { checkHkIdcard } from './hk-idcard';
import { checkStatement } from './statement';
import { checkDisclosure } from './disclosure';
import { checkTaxInfo } from './tax-info';
import { checkRisk } from './risk';
import { checkLivingWitness } from './living-witness';
import { checkSignature } from './signature';
import { checkSign } from './sign';
import { checkCaApply } from './ca-apply';

export interface StepCheckArgs {
  tx: Db;
  userId: string;
  appId: string;
  step: StepName;
  data: Record<string, unknown>;
  ctx: StepContext;
  config: Config;
  /** the app's file store (a step that reads a file's bytes) */
  storage: FileStorage;
  /** the application as it stands before this save (locked for the transaction) */
  row: AppRow;
}

export type StepCheck = (args: StepCheckArgs) => Promise<Issue[]>;

export const STEP_CHECKS: Partial<Record<StepName, StepCheck>> = {
  USERINFO: checkUserInfo,
  PROOFADDRESS: checkProofAddress,
  IDCARD: checkIdcard,
  BANKCARD: checkBankcard,
  HK_IDCARD: checkHkIdcard,
  STATEMENT: checkStatement,
  IDENTITYEXPOSURE: checkDisclosure,
  TAXINFO: checkTaxInfo,
  RISK: checkRisk,
  SIGN: checkSign,
  SIGNATURE: checkSignature,
  LIVINGWITNESS: checkLivingWitness,
  CAAPPLY: checkCaApply,
};

export async function runStepChecks(args: StepCheckArgs): Promise<Issue[]> {
  const check = STEP_CHECKS[args.step];
  return check ? check(args) : [];
}
