/** The /Investment form's values, where they start from, and the INVESTMENT data they become. */
import { DEFAULT_EXPERIENCE, EXPERIENCE_FIELDS, experienceOptions, INVEST_GOALS, joinList, splitList, type DerivativeVersion, type ExperienceField } from '@core/domain/profile';
import { at } from '@core/domain/step-rules/types';
import type { EvidenceRule } from '@core/domain/derivative-evidence';
import { fitDerivativeForm, fromDerivativeInfo, openDerivativeOf, toDerivativeEvidence, toDerivativeInfo, withEvidence, type DerivativeForm } from '../../components/derivative/derivative-data';

export interface InvestmentForm {
  /** each '1'..'4'; '' when an earlier answer is no longer offered at the applicant's age */
  experience: Record<ExperienceField, string>;
  /** INVEST_GOALS ticked, in their order */
  goals: string[];
  derivative: DerivativeForm;
}

export interface InvestmentRules {
  version: DerivativeVersion;
  student: boolean;
  age: number | undefined;
  /** the broker's rule for evidence of derivatives knowledge (ClientConfig derivativeEvidence) */
  evidence: EvidenceRule;
}

/**
 * The draft if one was left, else the saved step, else the defaults (every experience at level 1, no goal, the
 * derivatives question unanswered). Answers the applicant can no longer give (an experience level or years
 * option beyond the age, the related-job box for a student) are dropped.
 */
export function initialInvestmentForm(source: Record<string, unknown> | undefined, r: InvestmentRules): InvestmentForm {
  const src = source ?? null;
  const offered = experienceOptions(r.age);
  const experience = Object.fromEntries(
    EXPERIENCE_FIELDS.map((f) => {
      const v = src ? at(src, `investmentInfo.${f}`) : DEFAULT_EXPERIENCE;
      return [f, typeof v === 'string' && offered.includes(v) ? v : src ? '' : DEFAULT_EXPERIENCE];
    }),
  ) as Record<ExperienceField, string>;
  const goals = splitList(at(src, 'investmentInfo.investGoal')).filter((g) => INVEST_GOALS.includes(g));
  return { experience, goals, derivative: withEvidence(fitDerivativeForm(fromDerivativeInfo(src?.derivativeInfo, r.version), r.student, r.age), src?.derivativeEvidence) };
}

/**
 * The INVESTMENT step data (spec part 2 §3 "investmentInfo", "derivativeInfo"). While the derivatives question
 * is not answered (a draft only: Next needs it) derivativeInfo and openDerivative are left out; derivativeEvidence
 * only with files of a ticked box, under the broker's rule.
 */
export function toInvestmentData(f: InvestmentForm, r: InvestmentRules): Record<string, unknown> {
  const derivativeInfo = toDerivativeInfo(f.derivative, r.version, r.student);
  const derivativeEvidence = derivativeInfo ? toDerivativeEvidence(f.derivative, r.student, r.evidence) : undefined;
  return {
    investmentInfo: { ...f.experience, investGoal: joinList(f.goals, INVEST_GOALS) },
    ...(derivativeInfo ? { openDerivative: openDerivativeOf(derivativeInfo), derivativeInfo } : {}),
    ...(derivativeEvidence ? { derivativeEvidence } : {}),
  };
}
