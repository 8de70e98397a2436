/**
 * The /selectAccount form's values, where they start from, and the SELECTACCOUNT data they become
 * (spec part 2 §3 "Account selection"): accountType, the marketOpen bit mask, openFundTrade, openDerivative
 * and, when options were ticked here without the investment step's derivatives answer, derivativeInfo.
 */
import { ACCOUNT_TYPE, MARKET, OFFERED_ACCOUNT_TYPES, fixedMarketMask, fundTradeForced, hasMarket, optionsOffered } from '@core/domain/profile';
import { investmentOpenedDerivative } from '@core/domain/steps/select-account';
import type { StepContext } from '@core/domain/step-rules/types';

/** The derivatives answers of the dialog (version 2), kept as the dialog gives them. */
export type DerivativeAnswers = Record<string, unknown>;

export interface AccountForm {
  /** 0 until the applicant chooses */
  accountType: number;
  /** the options market (16) ticked */
  options: boolean;
  fundTrade: boolean;
  /** the answers of the derivatives dialog, when it was filled in on this page */
  derivativeInfo: DerivativeAnswers | null;
  /** the evidence files the dialog took with its answers (issue 41) */
  derivativeEvidence: Record<string, unknown> | null;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * The draft if one was left, else the saved step, else nothing chosen. Options stay ticked only with their
 * derivatives information (the investment step's, or the dialog's kept in the step).
 */
export function initialAccountForm(source: Record<string, unknown> | undefined, ctx: Pick<StepContext, 'saved'>): AccountForm {
  const src = source ?? {};
  const accountType = typeof src.accountType === 'number' && OFFERED_ACCOUNT_TYPES.includes(src.accountType) ? src.accountType : 0;
  const mask = typeof src.marketOpen === 'number' ? src.marketOpen : 0;
  const derivativeInfo = isObject(src.derivativeInfo) ? src.derivativeInfo : null;
  return {
    accountType,
    options: optionsOffered(accountType) && hasMarket(mask, MARKET.OPTIONS) && (investmentOpenedDerivative(ctx) || derivativeInfo !== null),
    fundTrade: src.openFundTrade === 1,
    derivativeInfo,
    derivativeEvidence: derivativeInfo && isObject(src.derivativeEvidence) ? src.derivativeEvidence : null,
  };
}

/** The SELECTACCOUNT step data of the form. */
export function toSelectAccountData(f: AccountForm, ctx: Pick<StepContext, 'clientType' | 'saved' | 'app'>): Record<string, unknown> {
  const options = f.options && optionsOffered(f.accountType);
  const data: Record<string, unknown> = {
    accountType: f.accountType,
    marketOpen: fixedMarketMask(ctx) | (options ? MARKET.OPTIONS : 0),
    openFundTrade: fundTradeForced(ctx.app) || f.fundTrade ? 1 : 0,
    openDerivative: options ? 1 : 0,
  };
  if (options && !investmentOpenedDerivative(ctx) && f.derivativeInfo) {
    data.derivativeInfo = f.derivativeInfo;
    if (f.derivativeEvidence) data.derivativeEvidence = f.derivativeEvidence;
  }
  return data;
}

export const ACCOUNT_CHOICES = [ACCOUNT_TYPE.MARGIN, ACCOUNT_TYPE.CASH] as const;
