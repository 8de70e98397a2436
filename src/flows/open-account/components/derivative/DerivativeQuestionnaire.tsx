/**
 * The derivatives questionnaire (spec part 2 §2 "Investment experience and derivatives", §4 "Derivatives"),
 * controlled: the form state in, every change out with the data fields it touched (for their errors).
 * - full (version 2): intend / not intend (not intend asks for a confirmation; cancel keeps the answer), then the
 *   risk box and three boxes, ticked when the applicant says intend: training (knowledge source), related job
 *   (institution type and years, years limited by age), products (the six products);
 * - simple (version 1): knowledge yes / no; yes ticks the boxes.
 * A questionnaire student does not see the related-job box. Under each ticked box, unless the broker's rule is off, the
 * applicant attaches the evidence of that box (issue 41): a certificate, an employer's letter, trade statements.
 */
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useT } from '@core/i18n';
import { CheckboxRow, ConfirmDialog, FileUploader, RadioField } from '@core/ui';
import { EVIDENCE_CATEGORY, type EvidenceRule } from '@core/domain/derivative-evidence';
import { MAX_FILES } from '@core/domain/uploads';
import { DERIVATIVE_PRODUCTS, DERIVATIVE_VERSION, INSTITUTION_TYPES, TRAINING_SOURCES, type DerivativeVersion } from '@core/domain/profile';
import { answerNo, answerYes, DATA_BOX, offeredBoxes, setBox, setProduct, yearsOptions, type DerivativeBox, type DerivativeForm } from './derivative-data';
import './derivative.css';

/** The data fields (under the questionnaire's field, e.g. "derivativeInfo") each control answers for. */
export const DERIVATIVE_FIELDS = {
  answer: ['', 'version', 'derivative.checked', 'derivative.title'],
  risk: ['risk'],
  boxes: ['trainingCourse'],
  training: ['trainingCourse.checked', 'trainingCourse.selectIndex', 'trainingCourse.selectContent'],
  related: ['experienceRelated.checked', 'workExperience.selectIndex', 'workExperience.selectContent'],
  years: ['yearsParticipation.selectIndex', 'yearsParticipation.selectContent'],
  products: ['derivativeProducts.checked', 'derivativeProducts.items'],
} as const;
type Control = keyof typeof DERIVATIVE_FIELDS;

/** Every data field of the questionnaire under `prefix` (e.g. to drop the service's issues once it changes). */
export const allDerivativeFields = (prefix = 'derivativeInfo'): string[] =>
  Object.values(DERIVATIVE_FIELDS).flatMap((list) => list.map((f) => (f ? `${prefix}.${f}` : prefix)));

export interface DerivativeQuestionnaireProps {
  value: DerivativeForm;
  /** `fields`: the data fields (with the prefix) whose answers changed */
  onChange: (form: DerivativeForm, fields: string[]) => void;
  version: DerivativeVersion;
  /** isQuestionnaireStudent: the related-job box is not offered */
  student: boolean;
  /** the applicant's age (the years options); undefined offers all */
  age: number | undefined;
  /** the error to show for a data field (with the prefix), if any: the form's binding of that field */
  errorAt?: (field: string) => string | undefined;
  /** the data field holding the questionnaire (default "derivativeInfo") */
  prefix?: string;
  /** the broker's rule for evidence files under the ticked boxes (ClientConfig derivativeEvidence); default off */
  evidenceRule?: EvidenceRule;
  /** the data field holding the evidence (default "derivativeEvidence") */
  evidencePrefix?: string;
}

export function DerivativeQuestionnaire({ value, onChange, version, student, age, errorAt, prefix = 'derivativeInfo', evidenceRule = 'off', evidencePrefix = 'derivativeEvidence' }: DerivativeQuestionnaireProps) {
  const t = useT();
  const id = useId();
  const [confirmNo, setConfirmNo] = useState(false);
  const full = version === DERIVATIVE_VERSION.FULL;
  const yes = value.answer === 'yes';
  const boxes = offeredBoxes(student);

  /** a control's name: the data field it answers for, so that a form's check finds and focuses it */
  const at = (field: string) => `${prefix}.${field}`;
  const fieldsOf = (...controls: Control[]) => controls.flatMap((c) => DERIVATIVE_FIELDS[c].map((f) => (f ? `${prefix}.${f}` : prefix)));
  const errorFor = (control: Control) => {
    for (const f of fieldsOf(control)) {
      const e = errorAt?.(f);
      if (e) return e;
    }
    return undefined;
  };
  // a change reports the fields of the control changed (their errors show from then on): answering or ticking a
  // box does not flag the sub-choices it reveals before the applicant gets to them
  const change = (form: DerivativeForm, ...controls: Control[]) => onChange(form, fieldsOf(...controls));

  const choose = (answer: 'yes' | 'no') => {
    if (answer === value.answer) return;
    if (answer === 'yes') change(answerYes(value, student), 'answer');
    // the full questionnaire confirms that no derivatives permission will be opened
    else if (full) setConfirmNo(true);
    else change(answerNo(), 'answer');
  };
  const tick = (box: DerivativeBox, checked: boolean) => change(setBox(value, box, checked), 'boxes');

  /** the box's evidence files (issue 41), unless the broker's rule is off */
  const evidence = (box: DerivativeBox) => {
    if (evidenceRule === 'off') return null;
    const field = `${evidencePrefix}.${DATA_BOX[box]}`;
    const required = evidenceRule === 'required';
    return (
      <FileUploader
        name={field}
        label={t(`derivative.evidence.${DATA_BOX[box]}`)}
        hint={
          <>
            {t(`derivative.evidence.${DATA_BOX[box]}Hint`)}
            <br />
            {t(required ? 'derivative.evidence.required' : 'derivative.evidence.optional')}
          </>
        }
        value={value.evidence[box]}
        onChange={(files) => onChange({ ...value, evidence: { ...value.evidence, [box]: files } }, [field])}
        max={MAX_FILES.derivativeEvidence}
        category={EVIDENCE_CATEGORY}
        error={errorAt?.(field)}
        required={required}
      />
    );
  };

  const answerLabel = full ? t('derivative.full.question') : t('derivative.simple.question');
  const options = full
    ? [
        { value: 'yes' as const, label: t('derivative.full.intend') },
        { value: 'no' as const, label: t('derivative.full.notIntend') },
      ]
    : [
        { value: 'yes' as const, label: t('derivative.simple.yes') },
        { value: 'no' as const, label: t('derivative.simple.no') },
      ];

  const boxesError = errorFor('boxes');
  const introId = `${id}-intro`;
  const boxesErrorId = `${id}-boxes-error`;

  return (
    <div className="esop-derivative">
      <RadioField name={at('derivative')} label={answerLabel} value={value.answer || undefined} options={options} onChange={choose} error={errorFor('answer')} inline required />

      {yes && full ? (
        <CheckboxRow name={at('risk')} checked={value.risk} onChange={(v) => change({ ...value, risk: v }, 'risk')} error={errorFor('risk')}>
          {t('derivative.full.risk')}
        </CheckboxRow>
      ) : null}

      {yes ? (
        <div role="group" aria-labelledby={introId} aria-describedby={boxesError ? boxesErrorId : undefined} className="esop-derivative__boxes">
          <p id={introId} className="esop-derivative__intro">
            {t('derivative.boxesIntro')}
          </p>
          {boxes.includes('training') ? (
            <Box label={t('derivative.training')} name={at('trainingCourse.checked')} checked={value.training} onChange={(v) => tick('training', v)}>
              {full ? (
                <RadioField
                  name={at('trainingCourse.selectIndex')}
                  label={t('derivative.trainingSource')}
                  value={value.trainingSource || undefined}
                  options={TRAINING_SOURCES.map((s) => ({ value: s.index, label: t(`derivative.sources.${s.key}`) }))}
                  onChange={(v) => change({ ...value, trainingSource: v }, 'training')}
                  error={errorFor('training')}
                  required
                />
              ) : null}
              {evidence('training')}
            </Box>
          ) : null}
          {boxes.includes('related') ? (
            <Box label={t('derivative.related')} name={at('experienceRelated.checked')} checked={value.related} onChange={(v) => tick('related', v)}>
              {full ? (
                <>
                  <RadioField
                    name={at('workExperience')}
                    label={t('derivative.institution')}
                    value={value.institution || undefined}
                    options={INSTITUTION_TYPES.map((s) => ({ value: s.index, label: t(`derivative.institutions.${s.key}`) }))}
                    onChange={(v) => change({ ...value, institution: v }, 'related')}
                    error={errorFor('related')}
                    required
                  />
                  <RadioField
                    name={at('yearsParticipation')}
                    label={t('derivative.years')}
                    value={value.years || undefined}
                    options={yearsOptions(age).map((s) => ({ value: s.index, label: t(`derivative.yearsOptions.${s.key}`) }))}
                    onChange={(v) => change({ ...value, years: v }, 'years')}
                    error={errorFor('years')}
                    required
                  />
                </>
              ) : null}
              {evidence('related')}
            </Box>
          ) : null}
          {boxes.includes('products') ? (
            <Box label={t('derivative.products')} name={at('derivativeProducts.checked')} checked={value.products} onChange={(v) => tick('products', v)}>
              {full ? <Products name={at('derivativeProducts.items')} value={value} onChange={(f) => change(f, 'products')} error={errorFor('products')} /> : null}
              {evidence('products')}
            </Box>
          ) : null}
          {boxesError ? (
            <p id={boxesErrorId} className="esop-field__error">
              {boxesError}
            </p>
          ) : null}
        </div>
      ) : null}

      {/* Escape closes this confirmation only, not a sheet the questionnaire sits in */}
      <div
        onKeyDown={(e: KeyboardEvent) => {
          if (confirmNo && e.key === 'Escape') {
            e.stopPropagation();
            setConfirmNo(false);
          }
        }}
      >
        <ConfirmDialog
          visible={confirmNo}
          title={t('derivative.full.notIntendTitle')}
          message={t('derivative.full.notIntendMessage')}
          confirmText={t('derivative.full.notIntendOk')}
          cancelText={t('derivative.full.notIntendKeep')}
          onConfirm={() => {
            setConfirmNo(false);
            change(answerNo(), 'answer');
          }}
          onCancel={() => setConfirmNo(false)}
        />
      </div>
    </div>
  );
}

/** A box with its sub-choices under it while ticked. */
function Box({ label, name, checked, onChange, children }: { label: string; name: string; checked: boolean; onChange: (v: boolean) => void; children?: ReactNode }) {
  return (
    <div className="esop-derivative__box">
      <CheckboxRow name={name} checked={checked} onChange={onChange}>
        {label}
      </CheckboxRow>
      {checked && children ? <div className="esop-derivative__sub">{children}</div> : null}
    </div>
  );
}

function Products({ name, value, onChange, error }: { name: string; value: DerivativeForm; onChange: (f: DerivativeForm) => void; error?: string }) {
  const t = useT();
  const id = useId();
  return (
    <div role="group" data-name={name} aria-labelledby={`${id}-label`} aria-describedby={error ? `${id}-error` : undefined} className="esop-derivative__products">
      <span id={`${id}-label`} className="esop-field__label" data-required="true">
        {t('derivative.productsLabel')}
      </span>
      {DERIVATIVE_PRODUCTS.map((p) => (
        <CheckboxRow key={p} name={`product-${p}`} checked={value.items.includes(p)} onChange={(v) => onChange(setProduct(value, p, v))}>
          {t(`derivative.productNames.${p}`)}
        </CheckboxRow>
      ))}
      {error ? (
        <p id={`${id}-error`} className="esop-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
