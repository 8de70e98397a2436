/**
 * Statement (/statement; spec part 1 §2 "Statement page", §3-5 "Statement", §8 150204/150211): a restricted
 * mainland applicant shows a statement of an account held with another Hong Kong broker or bank.
 * - Variant (statementVariant): new — the "has an HK identity card" question, then the HK ID or the overseas
 *   proof with the promise box; old (type 2) — the statement part only.
 * - Supplement mode (query `supplement`, where 150211 on submit sends the applicant): the button reads Submit
 *   and saves then submits; Back returns to the previous page. Otherwise Back goes home (/account).
 * - Local flag statementSkipType "1": the one footer button reads "Submit later" and moves on without saving
 *   while the form is incomplete, and "Submit" (saving) once it is complete.
 * - 150204 on save: the already-registered dialog; other save errors are logged and the generic toast shows.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useApplyDetail } from '@core/api/applications';
import { bridge, STORAGE_KEY } from '@core/bridge';
import { useLang, useT } from '@core/i18n';
import { orderedStepsOf, useStepPage, type FieldLimits } from '@core/step-engine';
import { StepPage } from '@core/ui/StepPage';
import { StepLoading } from '@core/app/flow-kit/WithApplication';
import { FooterButton } from '@core/ui/FooterButton';
import { CheckboxRow, FieldGroup, RadioField, SelectField, TextField } from '@core/ui/form';
import { CardUploader, FileUploader } from '@core/ui/uploader';
import { OptionPicker, SamplePopup } from '@core/ui/pickers';
import type { ApplicationView } from '@core/domain/contract';
import { BROKER_OTHER, BROKERS, brokerName } from '@core/domain/brokers';
import { MAX_LEN, MIN_LEN, normaliseHkId } from '@core/domain/identity';
import { STATEMENT_MAX_AGE_MONTHS, STATEMENT_TYPE, normaliseAccount, statementVariant, type StatementVariant } from '@core/domain/statement';
import { HOME_ROUTE, STEP_INTRO_KEY, STEP_ROUTE, resumeStep, type StepName } from '@core/domain/steps';
import { MAX_FILES } from '@core/domain/uploads';
import { useIdRegisteredDialog } from '@core/form/sections/IdRegisteredDialog';
import { SampleStatement } from './SampleStatement';
import { answerHasHk, fromData, toData, type StatementForm } from './statement-form';
import './statement.css';

const STEP: StepName = 'STATEMENT';

/** Values for the rule texts of each field (`rules.tooLong` "at most {max}" ...). */
const RULE_VALUES: FieldLimits = {
  'statementInfo.brokerName': { max: MAX_LEN.brokerName },
  'statementInfo.name': { max: MAX_LEN.name },
  'statementInfo.account': { max: MAX_LEN.account },
  'documentInfo.statement': { max: MAX_FILES.statement },
  'documentInfo.idCardForeign': { max: MAX_FILES.overseasId },
  'idExtraInfo.idcardHK.idNumber': { min: MIN_LEN.hkIdNumber, max: MAX_LEN.hkIdNumber },
};

export default function StatementScreen() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const supplement = params.get('supplement') !== null;
  const { data: application } = useApplyDetail();

  // no application, or one without the statement step (not restricted, or hk): nothing to save here
  const noStatement = application === null || (!!application && !application.applyStepsName.includes(STEP));
  useEffect(() => {
    if (noStatement) navigate(HOME_ROUTE, { replace: true });
  }, [noStatement, navigate]);

  const back = () => (supplement ? navigate(-1) : navigate(HOME_ROUTE));
  const t = useT();

  return application && !noStatement ? (
    <StatementBody application={application} supplement={supplement} onBack={back} />
  ) : (
    <StepLoading title={t('statement.title')} step={STEP} onBack={back} />
  );
}

interface BodyProps {
  application: ApplicationView;
  supplement: boolean;
  onBack: () => void;
}

/** Where "submit later" goes: the first unfinished step of the ordered list other than STATEMENT; null when none is left. */
function submitLaterTarget(steps: StepName[], app: ApplicationView): StepName | null {
  const others = steps.filter((s) => s !== STEP);
  if (!others.length) return null;
  const latest = app.latestStep as StepName | null;
  const move = resumeStep(others, latest && others.includes(latest) ? latest : null);
  return move === 'submit' ? null : move;
}

function StatementBody({ application, supplement, onBack }: BodyProps) {
  const t = useT();
  const { lang } = useLang();
  const navigate = useNavigate();
  // chosen once per visit: a save must not flip the page under the applicant's hands
  const [variant] = useState<StatementVariant>(() => statementVariant(application));
  const registered = useIdRegisteredDialog();
  const dataOf = useCallback((f: StatementForm) => toData(f, variant), [variant]);
  const page = useStepPage(STEP, application, {
    initial: fromData,
    toData: dataOf,
    limits: RULE_VALUES,
    onError: (err, phase) => {
      // 150204 on the save, or on the submit of the supplement mode (another application submitted the number first)
      if (registered.handle(err)) return true;
      if (phase !== 'save') return false; // other submit errors: the step engine (150211, "submit failed" ...)
      // the spec only logs other failures here; the applicant still sees the general toast (docs/decisions.md)
      console.error('statement save failed', err);
      return false;
    },
  });
  const { form, set, setForm, bind, flow } = page;
  const [pickerOpen, setPickerOpen] = useState(false);
  const [sampleOpen, setSampleOpen] = useState(false);
  const [isLast, setIsLast] = useState(false);
  const [skipTarget, setSkipTarget] = useState<StepName | null>(null);

  useEffect(() => {
    let live = true;
    void (async () => {
      const steps = await orderedStepsOf(application);
      const skip = (await bridge.storage.get(STORAGE_KEY.statementSkipType)) === '1';
      if (!live) return;
      setIsLast(steps[steps.length - 1] === STEP);
      setSkipTarget(skip ? submitLaterTarget(steps, application) : null);
    })();
    return () => {
      live = false;
    };
  }, [application]);

  const complete = page.issues.length === 0;

  // every field shows its error as soon as it changes (as before the kit); names are the validator's paths
  const hasHk = bind('hasHk', { field: 'statementInfo.type', touchOnChange: true });
  const hkNumber = bind('hkNumber', { field: 'idExtraInfo.idcardHK.idNumber', map: normaliseHkId, touchOnChange: true });
  const hkFront = bind('hkFront', { field: 'documentInfo.idCardHK.front', touchOnChange: true });
  const foreign = bind('foreign', { field: 'documentInfo.idCardForeign', touchOnChange: true });
  const promise = bind('promise', { touchOnChange: true });
  const broker = bind('broker', { field: 'statementInfo.broker', touchOnChange: true });
  const brokerOwn = bind('brokerName', { field: 'statementInfo.brokerName', touchOnChange: true });
  const holder = bind('name', { field: 'statementInfo.name', touchOnChange: true });
  const account = bind('account', { field: 'statementInfo.account', map: normaliseAccount, touchOnChange: true });
  const statement = bind('statement', { field: 'documentInfo.statement', touchOnChange: true });

  const save = () => void page.next(undefined, supplement ? { submit: true } : undefined);

  const submitLater = skipTarget !== null && !supplement;
  const submitLabel = supplement || isLast ? t('common.submit') : t('common.next');
  const footer = submitLater ? (
    <FooterButton onClick={complete ? save : () => navigate(STEP_ROUTE[skipTarget])} loading={flow.isSaving}>
      {complete ? t('common.submit') : t('statement.submitLater')}
    </FooterButton>
  ) : undefined;

  // "Other" (32) closes the list, where an applicant who does not find their broker looks for it
  const brokerOptions = useMemo(
    () => [...BROKERS.filter((b) => b.code !== BROKER_OTHER), ...BROKERS.filter((b) => b.code === BROKER_OTHER)].map((b) => ({ value: b.code, label: brokerName(b.code, lang) })),
    [lang],
  );

  return (
    <StepPage
      title={t('statement.title')}
      intro={t(STEP_INTRO_KEY[STEP])}
      progress={flow.progress}
      onBack={onBack}
      onNext={save}
      nextLabel={submitLabel}
      nextLoading={flow.isSaving}
      footer={footer}
      className="oa-statement"
    >

      {variant === 'new' ? (
        <FieldGroup title={t('statement.hkDoc.section')}>
          <RadioField<0 | 1>
            {...hasHk}
            label={t('statement.hkDoc.question')}
            inline
            required
            options={[
              { value: STATEMENT_TYPE.HK_DOCUMENT, label: t('statement.hkDoc.yes') },
              { value: STATEMENT_TYPE.NO_HK_DOCUMENT, label: t('statement.hkDoc.no') },
            ]}
            onChange={(v) => {
              hasHk.onChange(v);
              setForm((f) => answerHasHk(f, v));
            }}
          />
          {form.hasHk === STATEMENT_TYPE.HK_DOCUMENT ? (
            <>
              <TextField
                {...hkNumber}
                label={t('statement.hkDoc.number')}
                required
                maxLength={MAX_LEN.hkIdNumber}
                placeholder={t('statement.hkDoc.numberPlaceholder')}
                hint={t('statement.hkDoc.numberHint')}
                autoComplete="off"
              />
              <CardUploader
                name={hkFront.name}
                label={t('statement.hkDoc.front')}
                caption={t('statement.hkDoc.frontCaption')}
                value={hkFront.value}
                kind="hkFront"
                category="UserInfo"
                onUploaded={hkFront.onChange}
                onClear={() => hkFront.onChange(null)}
                error={hkFront.error}
              />
            </>
          ) : null}
          {form.hasHk === STATEMENT_TYPE.NO_HK_DOCUMENT ? (
            <>
              <FileUploader
                {...foreign}
                label={t('statement.hkDoc.foreign')}
                hint={t('statement.hkDoc.foreignHint')}
                max={MAX_FILES.overseasId}
                category="UserInfo"
                required
              />
              <CheckboxRow name={promise.name} checked={promise.value} onChange={promise.onChange} error={promise.error}>
                {t('statement.hkDoc.promise')}
              </CheckboxRow>
            </>
          ) : null}
        </FieldGroup>
      ) : null}

      <FieldGroup title={t('statement.section')}>
        <SelectField
          name={broker.name}
          label={t('statement.broker')}
          value={broker.value !== undefined ? brokerName(broker.value, lang) : ''}
          required
          onClick={() => setPickerOpen(true)}
          error={broker.error}
        />
        {form.broker === BROKER_OTHER ? (
          <TextField
            {...brokerOwn}
            label={t('statement.brokerName')}
            required
            maxLength={MAX_LEN.brokerName}
            placeholder={t('statement.brokerNamePlaceholder')}
          />
        ) : null}
        <TextField
          {...holder}
          label={t('statement.name')}
          required
          maxLength={MAX_LEN.name}
          placeholder={t('statement.namePlaceholder')}
        />
        <TextField
          {...account}
          label={t('statement.account')}
          required
          maxLength={MAX_LEN.account}
          placeholder={t('statement.accountPlaceholder')}
        />
        <FileUploader
          {...statement}
          label={t('statement.files')}
          hint={t('statement.filesHint', { months: STATEMENT_MAX_AGE_MONTHS })}
          max={MAX_FILES.statement}
          category="UserApply"
          accept="pdfOrImage"
          required
        />
        <button type="button" className="oa-statement__sample-link" aria-haspopup="dialog" onClick={() => setSampleOpen(true)}>
          {t('statement.viewSample')}
        </button>
      </FieldGroup>

      <OptionPicker<number>
        visible={pickerOpen}
        title={t('statement.brokerPicker')}
        options={brokerOptions}
        value={broker.value}
        searchable
        searchPlaceholder={t('statement.brokerSearch')}
        onSelect={(code) => {
          broker.onChange(code);
          if (code !== BROKER_OTHER) set('brokerName', '');
        }}
        onClose={() => setPickerOpen(false)}
      />
      <SamplePopup visible={sampleOpen} title={t('statement.sampleTitle')} onClose={() => setSampleOpen(false)}>
        <SampleStatement
          alt={t('statement.sampleAlt')}
          nameLabel={t('statement.sampleName')}
          accountLabel={t('statement.sampleAccount')}
          dateLabel={t('statement.sampleDate')}
        />
        <p className="oa-statement__sample-note">{t('statement.sampleNote')}</p>
      </SamplePopup>
      {registered.dialog}
    </StepPage>
  );
}
