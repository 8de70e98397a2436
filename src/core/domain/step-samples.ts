/**
 * Valid step data, in one place for every kind of test: each step's sample is in its definition (steps/<step>.ts,
 * `sample`, with the step's own sample helpers), built on steps/sample-kit.ts; `sampleStep` (steps/samples.ts, written
 * by `npm run steps`) gives any step's. This module gathers them under one import path (server/test/step-fixtures.ts,
 * e2e/lib/prefill.ts, scripts, tests); no screen imports it, so the samples stay out of the phone's script.
 */
export * from './steps/sample-kit';
export { sampleStep } from './steps/samples';
export { idcardSample, type IdCardFiles } from './steps/idcard';
export { BANK_CARD, bankcardSample } from './steps/bankcard';
export { hkIdcardSample } from './steps/hk-idcard';
export { userinfoSample } from './steps/userinfo';
export { proofAddressSample } from './steps/proof-address';
export { statementSample } from './steps/statement';
export { jobstatusSample } from './steps/jobstatus';
export { financeSample } from './steps/finance';
export { investmentSample } from './steps/investment';
export { selectAccountSample } from './steps/select-account';
export { disclosureSample } from './steps/disclosure';
export { taxPage, taxInfoSample, type TaxRow, type TaxSampleFile as TaxFile } from './steps/tax-info';
export { riskSample } from './steps/risk';
export { signSample } from './steps/sign';
export { signatureSample } from './steps/signature';
export { livingWitnessSample } from './steps/living-witness';
export { caApplySample } from './steps/ca-apply';
