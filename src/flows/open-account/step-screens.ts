/**
 * The screen of each step: the one map from a step to its screen module (each its own lazy chunk). The route table
 * opens it at the step's route (route-table.ts), and the build paints its first screen into the page's HTML from the
 * same map (scripts/pages.ts reads the module paths from this file). A step without a screen is a type error.
 */
import type { ComponentType } from 'react';
import type { StepName } from '@core/domain/steps';

export const STEP_SCREEN: Record<StepName, () => Promise<{ default: ComponentType }>> = {
  STATEMENT: () => import('./screens/statement/StatementScreen'),
  IDCARD: () => import('./screens/id-card/IdCardScreen'),
  HK_IDCARD: () => import('./screens/hk-id-card/HkIdCardScreen'),
  USERINFO: () => import('./screens/user-info/UserInfoScreen'),
  PROOFADDRESS: () => import('./screens/proof-address/ProofAddressScreen'),
  BANKCARD: () => import('./screens/bank-card/BankCardScreen'),
  JOBSTATUS: () => import('./screens/job-status/JobStatusScreen'),
  FINANCE: () => import('./screens/finance/FinanceScreen'),
  INVESTMENT: () => import('./screens/investment/InvestmentScreen'),
  SELECTACCOUNT: () => import('./screens/select-account/SelectAccountScreen'),
  IDENTITYEXPOSURE: () => import('./screens/disclosure/DisclosureScreen'),
  TAXINFO: () => import('./screens/tax-info/TaxInfoScreen'),
  RISK: () => import('./screens/risk/RiskScreen'),
  SIGN: () => import('./screens/sign/SignScreen'),
  SIGNATURE: () => import('./screens/signature/SignatureScreen'),
  LIVINGWITNESS: () => import('./screens/living-witness/LivingWitnessScreen'),
  CAAPPLY: () => import('./screens/ca-apply/CaApplyScreen'),
};
