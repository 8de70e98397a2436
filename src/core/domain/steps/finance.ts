/**
 * FINANCE (/Finance, spec part 2 §3 "financialInfo", §4 "Finance", §5 "Finance").
 * Data: {financialInfo: {fundsSource (comma list, salary only for the employed and self-employed), annualIncome
 * '1'..'6', netAsset '1'..'4', currentAsset (not above the net-asset band), annualAverageInvestAmount '1'..'6',
 * houseType '1'..'5' (mortgaged not with "no liabilities")}}; every value a string. The employment and debt
 * answers come from the saved JOBSTATUS step.
 */
import {
  ASSET_BANDS,
  assetsInverted,
  currentAssetOptions,
  FUNDS_SOURCES,
  fundsSourceOptions,
  HOUSE_TYPES,
  houseTypeOptions,
  INCOME_BANDS,
  INVEST_AMOUNT_BANDS,
  splitList,
} from '../profile';
import type { Check } from '../identity';
import { checkOption, checkOptionList, extraKeys, objectOf } from './jobstatus';
import { issuesOf, type StepContext, type StepValidator } from '../step-rules/types';
import { shape, text, type DataOf } from './schema';
import type { Data, StepSample } from './sample-kit';
import { defineStep } from './define';
import { Rows, msg, optionParts, type Describe } from './words-kit';

/** The step's definition (its light part: steps/index.ts). */
export const meta = defineStep({ name: 'FINANCE', route: '/Finance', titleKey: 'finance.title', introKey: 'finance.intro', status: 1030, progress: { cn: 3, hk: 4 } });

/** FINANCE: the source of funds (comma-separated codes) and the bands. */
export const data = shape({
  financialInfo: shape({ fundsSource: text, annualIncome: text, netAsset: text, currentAsset: text, annualAverageInvestAmount: text, houseType: text }),
});
export type FinanceStep = DataOf<typeof data>;

export const FINANCE_FIELDS = ['fundsSource', 'annualIncome', 'netAsset', 'currentAsset', 'annualAverageInvestAmount', 'houseType'] as const;

/** The saved employment answers (undefined before JOBSTATUS is saved: every option is then offered). */
export function savedEmployment(ctx: Pick<StepContext, 'saved'>): { degree?: unknown; employment?: unknown; financialStatus?: unknown } | undefined {
  const info = ctx.saved.JOBSTATUS?.employmentInfo;
  return info && typeof info === 'object' && !Array.isArray(info) ? (info as Record<string, unknown>) : undefined;
}

export const rules: StepValidator = (data, ctx) => {
  const info = objectOf(data.financialInfo);
  const job = savedEmployment(ctx);
  const p = (field: string) => `financialInfo.${field}`;
  const currentRule = checkOption(info.currentAsset, ASSET_BANDS);
  const netRule = checkOption(info.netAsset, ASSET_BANDS);
  const current: Check = currentRule ?? (netRule ? null : assetsInverted(info.netAsset, info.currentAsset) || !currentAssetOptions(info.netAsset).includes(info.currentAsset as string) ? 'assetsInverted' : null);
  return issuesOf([
    ['financialInfo', data.financialInfo !== null && typeof data.financialInfo === 'object' && !Array.isArray(data.financialInfo) ? null : 'required'],
    [p('fundsSource'), checkOptionList(info.fundsSource, FUNDS_SOURCES, job ? fundsSourceOptions(job.employment) : FUNDS_SOURCES)],
    [p('annualIncome'), checkOption(info.annualIncome, INCOME_BANDS)],
    [p('netAsset'), netRule],
    [p('currentAsset'), current],
    [p('annualAverageInvestAmount'), checkOption(info.annualAverageInvestAmount, INVEST_AMOUNT_BANDS)],
    [p('houseType'), checkOption(info.houseType, HOUSE_TYPES, houseTypeOptions(job?.financialStatus))],
    ...extraKeys(data.financialInfo, FINANCE_FIELDS, 'financialInfo'),
  ]);
};

/** How the review desk shows the step's saved data (case-words.ts): its rows. */
export const describe: Describe<FinanceStep> = (s, kind) => {
  const fin = s.financialInfo ?? {};
  const r = new Rows();
  const p = 'financialInfo';
  const money = kind === 'cn' ? 'RMB' : 'HKD';
  const band = (group: string, v: string | undefined) => (v ? msg(`finance.${group}.${money}.${v}`) : []);
  r.row(`${p}.fundsSource`, 'finance.fundsLabel', optionParts('finance.funds', splitList(fin.fundsSource)));
  r.row(`${p}.annualIncome`, 'finance.incomeLabel', band('income', fin.annualIncome));
  r.row(`${p}.netAsset`, 'finance.netAssetLabel', band('asset', fin.netAsset));
  r.row(`${p}.currentAsset`, 'finance.currentAssetLabel', band('asset', fin.currentAsset));
  r.row(`${p}.annualAverageInvestAmount`, 'finance.investLabel', band('invest', fin.annualAverageInvestAmount));
  r.row(`${p}.houseType`, 'finance.houseLabel', fin.houseType ? msg(`finance.house.${fin.houseType}`) : []);
  return r;
};

/** The step as steps/full.ts lists it; its `describe` (the desk's, steps/words.ts) and `sample` (tests' and tools', steps/samples.ts) apart. */
export const definition = { meta, data, rules };

// ------------------------------------------------------------------------------------------- sample

/** FINANCE: salary and savings (salary needs the employed JOBSTATUS of jobstatusSample). `over` changes financialInfo. */
export const financeSample = (over: Data = {}): Data => ({
  financialInfo: { fundsSource: '1,2', annualIncome: '2', netAsset: '2', currentAsset: '1', annualAverageInvestAmount: '1', houseType: '3', ...over },
});

export const sample: StepSample = () => financeSample();
