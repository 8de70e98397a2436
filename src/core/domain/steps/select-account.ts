/**
 * SELECTACCOUNT (/selectAccount, spec part 2 §2 "Account type and market selection", §3 "Account selection",
 * §4 "Account and market").
 * Data: {accountType: 1 cash | 2 margin, marketOpen: bit mask (HK 1 + US 2 always, stock-connect 4 iff offered,
 * options 16 optional on margin with derivative information), openFundTrade: 0|1 (1 when forced by the agent
 * code and channel), openDerivative: 0|1 (1 iff options are on), derivativeInfo?: the full questionnaire, present
 * only when options are on and the saved INVESTMENT step did not open derivatives, derivativeEvidence?: the files for
 * that questionnaire's ticked boxes (issue 41, derivative-evidence.ts)}.
 */
import type { Check } from '../identity';
import { DERIVATIVE_VERSION, fixedMarketMask, fundTradeForced, hasMarket, MARKET, OFFERED_ACCOUNT_TYPES, optionsOffered, isMargin } from '../profile';
import { derivativeChecked, checkDerivativeInfo, derivativeRulesOf } from './investment';
import { checkOption } from './jobstatus';
import { at, issuesOf, type StepContext, type StepValidator } from '../step-rules/types';
import { shape, num, derivativeInfo, derivativeEvidence, type DataOf } from './schema';
import { checkDerivativeEvidence, DEFAULT_EVIDENCE_RULE } from '../derivative-evidence';
import type { Data, StepSample } from './sample-kit';
import { defineStep } from './define';
import { Rows, msg, yesNo, optionParts, derivativeRows, type Describe } from './words-kit';

/** The step's definition (its light part: steps/index.ts). */
export const meta = defineStep({ name: 'SELECTACCOUNT', route: '/selectAccount', titleKey: 'account.title', introKey: 'account.intro', status: 1050, progress: { cn: 4, hk: 5 } });

/** SELECTACCOUNT: the account type (1 cash, 2 margin), the markets (a bit mask), fund trade, derivatives. */
export const data = shape({ accountType: num, marketOpen: num, openFundTrade: num, openDerivative: num, derivativeInfo, derivativeEvidence });
export type SelectAccountStep = DataOf<typeof data>;

/** Every bit a mask may carry. */
export const ALL_MARKETS = MARKET.HK | MARKET.US | MARKET.STOCK_CONNECT | MARKET.OPTIONS;

/** The saved INVESTMENT step opened derivatives (its questionnaire already gives the information). */
export const investmentOpenedDerivative = (ctx: Pick<StepContext, 'saved'>): boolean => ctx.saved.INVESTMENT?.openDerivative === 1;

/**
 * The marketOpen rule: an integer mask of known bits holding the fixed markets ('choice'); stock-connect only
 * where offered and options only on margin ('notOffered'); options only with derivative information
 * ('derivativeInfo').
 */
export function checkMarketOpen(mask: unknown, accountType: unknown, hasDerivativeInfo: boolean, ctx: Pick<StepContext, 'clientType' | 'saved'>): Check {
  if (mask === undefined || mask === null) return 'required';
  if (typeof mask !== 'number' || !Number.isInteger(mask) || mask < 0 || (mask & ~ALL_MARKETS) !== 0) return 'choice';
  const fixed = fixedMarketMask(ctx);
  if (!hasMarket(mask, fixed & (MARKET.HK | MARKET.US))) return 'choice';
  const connectOn = hasMarket(mask, MARKET.STOCK_CONNECT);
  const connectFixed = hasMarket(fixed, MARKET.STOCK_CONNECT);
  if (connectOn !== connectFixed) return connectOn ? 'notOffered' : 'choice';
  if (!hasMarket(mask, MARKET.OPTIONS)) return null;
  if (!optionsOffered(accountType)) return 'notOffered';
  return hasDerivativeInfo ? null : 'derivativeInfo';
}

export const rules: StepValidator = (data, ctx) => {
  const mask = data.marketOpen;
  const optionsOn = typeof mask === 'number' && hasMarket(mask, MARKET.OPTIONS);
  const fromInvestment = investmentOpenedDerivative(ctx);
  const dialogWanted = optionsOn && !fromInvestment;
  const info = data.derivativeInfo;
  const infoPairs =
    info === undefined ? [] : dialogWanted ? checkDerivativeInfo(info, derivativeRulesOf(ctx, [DERIVATIVE_VERSION.FULL])) : [['derivativeInfo', 'choice'] as const];
  // the evidence goes with the dialog's questionnaire (issue 41): none without it
  const evidencePairs = checkDerivativeEvidence(data.derivativeEvidence, dialogWanted ? info : undefined, ctx.settings?.derivativeEvidence ?? DEFAULT_EVIDENCE_RULE);
  const hasInfo = fromInvestment || (dialogWanted && at(info, 'version') === DERIVATIVE_VERSION.FULL && derivativeChecked(info));
  const openRule = checkOption(data.openDerivative, [0, 1]);
  const fundRule = checkOption(data.openFundTrade, [0, 1]);
  return issuesOf([
    ['accountType', checkOption(data.accountType, OFFERED_ACCOUNT_TYPES)],
    ['marketOpen', checkMarketOpen(mask, data.accountType, hasInfo, ctx)],
    ['openFundTrade', fundRule ?? (fundTradeForced(ctx.app) && data.openFundTrade !== 1 ? 'mustTick' : null)],
    ['openDerivative', openRule ?? (data.openDerivative === (optionsOn ? 1 : 0) ? null : 'choice')],
    ...infoPairs,
    ...evidencePairs,
  ]);
};

/** How the review desk shows the step's saved data (case-words.ts): its rows. */
export const describe: Describe<SelectAccountStep> = (s) => {
  const r = new Rows();
  r.row('accountType', 'account.typeLabel', s.accountType === undefined ? [] : msg(isMargin(s.accountType) ? 'account.margin.name' : 'account.cash.name'));
  const mask = s.marketOpen ?? 0;
  const markets = (
    [
      [MARKET.HK, 'hk'],
      [MARKET.US, 'us'],
      [MARKET.STOCK_CONNECT, 'stockConnect'],
      [MARKET.OPTIONS, 'options'],
    ] as const
  ).filter(([bit]) => hasMarket(mask, bit));
  r.row('marketOpen', 'account.markets.title', optionParts('account.markets', markets.map(([, key]) => key)));
  r.row('openFundTrade', 'account.fund.label', yesNo(s.openFundTrade === 1));
  r.rowIf('openDerivative', 'documents.fields.derivativesTrading', s.openDerivative === undefined ? [] : yesNo(s.openDerivative === 1));
  derivativeRows(r, s.derivativeInfo, 'derivativeInfo', s.derivativeEvidence, 'derivativeEvidence');
  return r;
};

/** The step as steps/full.ts lists it; its `describe` (the desk's, steps/words.ts) and `sample` (tests' and tools', steps/samples.ts) apart. */
export const definition = { meta, data, rules };

// ------------------------------------------------------------------------------------------- sample

/** SELECTACCOUNT: a margin account (unless `accountType`) with the application's fixed markets, fund trade when forced. */
export const selectAccountSample = (ctx: StepContext, accountType: 1 | 2 = 2): Data => ({
  accountType,
  marketOpen: fixedMarketMask(ctx),
  openFundTrade: fundTradeForced(ctx.app) ? 1 : 0,
  openDerivative: 0,
});

export const sample: StepSample = async (src, opts) => selectAccountSample(await src.context(), opts.accountType ?? 2);
