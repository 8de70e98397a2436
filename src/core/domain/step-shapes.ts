/**
 * The saved data of each step, typed: each step's schema is in its definition (steps/<step>.ts, `data`), its type
 * inferred from it; the reader combinators and the parts several steps share are in steps/schema.ts; `stepData`
 * (steps/full.ts) reads whatever is stored as the step's typed shape. This module gathers them under one import path.
 */
export * from './steps/schema';
export { stepData, type StepShapes } from './steps/full';
export type { IdCardStep } from './steps/idcard';
export type { BankCardStep } from './steps/bankcard';
export type { HkIdCardStep } from './steps/hk-idcard';
export type { UserInfoStep } from './steps/userinfo';
export type { ProofAddressStep } from './steps/proof-address';
export type { StatementStep } from './steps/statement';
export type { JobStatusStep } from './steps/jobstatus';
export type { FinanceStep } from './steps/finance';
export type { InvestmentStep } from './steps/investment';
export type { SelectAccountStep } from './steps/select-account';
export type { AmlConfirmation, DisclosureStep } from './steps/disclosure';
export type { TaxInfoStep, TaxRowEntry } from './steps/tax-info';
export type { RiskStep } from './steps/risk';
export type { SignStep } from './steps/sign';
export type { SignatureStep } from './steps/signature';
export type { LivingWitnessStep } from './steps/living-witness';
export type { CaApplyStep } from './steps/ca-apply';
