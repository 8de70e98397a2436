/**
 * /Investment — investment experience (spec part 2 §2 "Investment experience and derivatives", §3
 * "investmentInfo", §4 "Investment", §5 "Investment"): five experience selectors with the options of the
 * applicant's age, the investment objectives (at least one), and the derivatives questionnaire in the version
 * the deployment chose (clientConfig.derivativeForm: full, the default, or simple), with evidence files under its
 * ticked boxes by the broker's rule (clientConfig.derivativeEvidence, issue 41). Saved on Next (INVESTMENT), a draft
 * on leaving. The rules are the domain's validateInvestment.
 */
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useApplyDetail, useClientConfig } from '@core/api';
import { STEP_INTRO_KEY, type StepName } from '@core/domain/steps';
import { useT } from '@core/i18n';
import { CheckboxRow, FieldGroup, OptionPicker, SelectField, StepPage } from '@core/ui';
import type { ApplicationView } from '@core/domain/contract';
import { applicantAge, DERIVATIVE_VERSION, EXPERIENCE_FIELDS, experienceOptions, INVEST_GOALS, type ExperienceField } from '@core/domain/profile';
import { derivativeRulesOf } from '@core/domain/steps/investment';
import type { StepContext } from '@core/domain/step-rules/types';
import { allDerivativeFields, DerivativeQuestionnaire } from '../../components/derivative/DerivativeQuestionnaire';
import { evidenceFields } from '../../components/derivative/derivative-data';
import { DEFAULT_EVIDENCE_RULE, type EvidenceRule } from '@core/domain/derivative-evidence';
import { useStepPage } from '@core/step-engine';
import { StepLoading } from '@core/app/flow-kit/WithApplication';
import { initialInvestmentForm, toInvestmentData, type InvestmentForm, type InvestmentRules } from './investment-data';
import './investment.css';

const STEP = 'INVESTMENT' satisfies StepName;
const GOALS_FIELD = 'investmentInfo.investGoal';
const experienceField = (f: ExperienceField) => `investmentInfo.${f}`;
const DERIVATIVE_FIELD = 'derivativeInfo';
const OPEN_DERIVATIVE_FIELD = 'openDerivative';

/** The age and student rules of the questionnaire in the deployment's version, and the evidence rule. */
function rulesOf(ctx: StepContext, version: InvestmentRules['version']): InvestmentRules {
  return { version, age: applicantAge(ctx), student: derivativeRulesOf(ctx).student, evidence: ctx.settings?.derivativeEvidence ?? DEFAULT_EVIDENCE_RULE };
}

export default function InvestmentScreen() {
  const t = useT();
  const application = useApplyDetail();
  const config = useClientConfig();
  // the questionnaire's version comes with the deployment settings (full when they cannot be read)
  if (!application.data || config.isPending) return <StepLoading title={t('investment.title')} step={STEP} />;
  const version = config.data?.derivativeForm === 'simple' ? DERIVATIVE_VERSION.SIMPLE : DERIVATIVE_VERSION.FULL;
  return <InvestmentPage app={application.data} version={version} evidenceRule={config.data?.derivativeEvidence ?? DEFAULT_EVIDENCE_RULE} />;
}

function InvestmentPage({ app, version, evidenceRule }: { app: ApplicationView; version: InvestmentRules['version']; evidenceRule: EvidenceRule }) {
  const t = useT();
  const goalsId = useId();
  const initial = useCallback((src: Record<string, unknown> | undefined, c: StepContext) => initialInvestmentForm(src, rulesOf(c, version)), [version]);
  const toData = useCallback((f: InvestmentForm, c: StepContext) => toInvestmentData(f, rulesOf(c, version)), [version]);
  const page = useStepPage(STEP, app, { initial, toData, settings: { derivativeEvidence: evidenceRule } });
  const { form, setForm, bindAt, flow, ctx } = page;
  const rules = useMemo(() => rulesOf(ctx, version), [ctx, version]);
  const [picking, setPicking] = useState<ExperienceField | null>(null);

  // the fields, named as the validator's paths
  const experience = (f: ExperienceField) =>
    bindAt(experienceField(f), form.experience[f], (v) => setForm((prev) => ({ ...prev, experience: { ...prev.experience, [f]: v } })), { touchOnChange: true });
  const goals = bindAt(GOALS_FIELD, form.goals, (list) => setForm((prev) => ({ ...prev, goals: list })), { touchOnChange: true });
  /** a questionnaire field (its answers are one part of the form; each field's issue is its own) */
  const derivativeField = (field: string) => bindAt(field, form.derivative, (derivative) => setForm((prev) => ({ ...prev, derivative })));

  // an earlier answer no longer offered at this age was dropped: say so at once
  useEffect(() => {
    for (const f of EXPERIENCE_FIELDS) if (form.experience[f] === '') experience(f).onBlur();
    // only the form the page opened with
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const levels = experienceOptions(rules.age);
  const levelLabel = (v: string) => (v ? t(`investment.levels.${v}`) : '');
  const goalsError = goals.error;

  return (
    <StepPage
      title={t('investment.title')}
      intro={t(STEP_INTRO_KEY[STEP])}
      progress={flow.progress}
      onBack={() => void page.back()}
      onNext={() => void page.next()}
      nextLoading={flow.isSaving}
      className="esop-investment"
    >
      <FieldGroup title={t('investment.experienceTitle')}>
        {EXPERIENCE_FIELDS.map((f) => {
          const field = experience(f);
          return (
            <SelectField
              key={f}
              name={field.name}
              label={t(`investment.experience.${f}`)}
              value={levelLabel(field.value)}
              onClick={() => setPicking(f)}
              error={field.error}
              required
            />
          );
        })}
      </FieldGroup>

      <FieldGroup title={t('investment.goalsTitle')}>
        <div role="group" data-name={goals.name} aria-labelledby={`${goalsId}-hint`} aria-describedby={goalsError ? `${goalsId}-error` : undefined} className="esop-investment__goals">
          <p id={`${goalsId}-hint`} className="esop-investment__hint">
            <span className="esop-visually-hidden">{t('investment.goalsTitle')}: </span>
            {t('investment.goalsHint')}
          </p>
          {INVEST_GOALS.map((g) => (
            <CheckboxRow
              key={g}
              name={`investGoal-${g}`}
              checked={form.goals.includes(g)}
              onChange={(on) => goals.onChange(INVEST_GOALS.filter((x) => (x === g ? on : form.goals.includes(x))))}
            >
              {t(`investment.goals.${g}`)}
            </CheckboxRow>
          ))}
          {goalsError ? (
            <p id={`${goalsId}-error`} className="esop-field__error">
              {goalsError}
            </p>
          ) : null}
        </div>
      </FieldGroup>

      <FieldGroup title={t('derivative.title')}>
        {/* the questionnaire names its controls by their data fields (derivativeInfo.*); openDerivative goes with its answer */}
        <div data-name={OPEN_DERIVATIVE_FIELD}>
          <DerivativeQuestionnaire
            value={form.derivative}
            onChange={(derivative, fields) => {
              // every field's service issue goes with the change; the fields changed show their errors at once
              for (const f of [...allDerivativeFields(), ...evidenceFields(), OPEN_DERIVATIVE_FIELD]) derivativeField(f).onChange(derivative);
              for (const f of [...fields, OPEN_DERIVATIVE_FIELD]) derivativeField(f).onBlur();
            }}
            version={version}
            student={rules.student}
            age={rules.age}
            evidenceRule={evidenceRule}
            errorAt={(field) => derivativeField(field).error ?? (field === DERIVATIVE_FIELD ? derivativeField(OPEN_DERIVATIVE_FIELD).error : undefined)}
          />
        </div>
      </FieldGroup>

      <OptionPicker
        visible={picking !== null}
        title={picking ? t(`investment.experience.${picking}`) : ''}
        options={levels.map((v) => ({ value: v, label: levelLabel(v) }))}
        value={picking ? form.experience[picking] : undefined}
        onSelect={(v) => {
          if (picking) experience(picking).onChange(v);
        }}
        onClose={() => setPicking(null)}
      />
    </StepPage>
  );
}
