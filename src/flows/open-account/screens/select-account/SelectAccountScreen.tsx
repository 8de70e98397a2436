/**
 * /selectAccount — account type and markets (spec part 2 §2 "Account type and market selection", §4 "Account
 * and market", part 3 for ages 65 to 75). Margin (recommended) and cash cards, the cash card behind "view
 * more" unless it is the saved choice or the applicant is 65-75 (who also see a notice when choosing margin).
 * Hong Kong, US and, for permanent Hong Kong residents, stock-connect are on and cannot be changed (a tap says
 * so); options only on margin and only with derivatives information (the investment step's, or the
 * derivatives dialog's); fund trading optional, or on and locked for the fund channel. Next with something
 * missing (no account type) marks it, scrolls to it and focuses it (the form kit's check); otherwise the
 * cannot-change dialog, then the save (SELECTACCOUNT).
 */
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import type { ApplicationView } from '@core/domain/contract';
import {
  ACCOUNT_TYPE,
  applicantAge,
  cashCardOpen,
  fundTradeForced,
  isMargin,
  isQuestionnaireStudent,
  isSenior,
  optionsOffered,
  stockConnectOffered,
} from '@core/domain/profile';
import { at } from '@core/domain/step-rules/types';
import { STEP_INTRO_KEY } from '@core/domain/steps';
import { useT } from '@core/i18n';
import { ConfirmDialog } from '@core/ui/ConfirmDialog';
import { FooterButton } from '@core/ui/FooterButton';
import { StepPage, useNextLabel } from '@core/ui/StepPage';
import { CheckboxRow } from '@core/ui/form/CheckboxRow';
import { FieldGroup } from '@core/ui/form/FieldGroup';
import { toast } from '@core/ui/toast';
import { WithApplication } from '@core/app/flow-kit/WithApplication';
import { useStepPage } from '@core/step-engine';
import { investmentOpenedDerivative } from '@core/domain/steps/select-account';
import { ACCOUNT_CHOICES, initialAccountForm, toSelectAccountData, type DerivativeAnswers } from './select-account-data';
import { evidenceFields } from '../../components/derivative/derivative-data';
import { DEFAULT_EVIDENCE_RULE } from '@core/domain/derivative-evidence';
import { useClientConfig } from '@core/api/system';
import './select-account.css';

const STEP = 'SELECTACCOUNT';
/** the markets' issues go with a change of the account type or of options */
const MARKET_FIELDS = ['marketOpen', 'openDerivative', 'derivativeInfo', ...evidenceFields()];
const LINKED = { accountType: MARKET_FIELDS, options: MARKET_FIELDS };

// the derivatives questionnaire loads only when an applicant without the investment step's answer ticks options
const DerivativeDialog = lazy(() => import('../../components/derivative/DerivativeDialog'));

const BENEFITS: Record<number, string[]> = {
  [ACCOUNT_TYPE.MARGIN]: ['leverage', 'financing', 'ipo', 'cashToo'],
  [ACCOUNT_TYPE.CASH]: ['ownFunds', 'noCalls', 'simple'],
};
const KEY_OF: Record<number, string> = { [ACCOUNT_TYPE.MARGIN]: 'margin', [ACCOUNT_TYPE.CASH]: 'cash' };

export default function SelectAccountScreen() {
  const t = useT();
  return <WithApplication title={t('account.title')} step={STEP}>{(app) => <SelectAccountPage app={app} />}</WithApplication>;
}

function SelectAccountPage({ app }: { app: ApplicationView }) {
  const t = useT();
  const ids = useId();
  // the broker's evidence rule for the derivatives dialog (issue 41); its default until the settings are read
  const evidenceRule = useClientConfig().data?.derivativeEvidence ?? DEFAULT_EVIDENCE_RULE;
  const page = useStepPage(STEP, app, { initial: initialAccountForm, toData: toSelectAccountData, linked: LINKED, settings: { derivativeEvidence: evidenceRule } });
  // the correction round's "Resubmit" (ResubmitGate) on this page's own footer button
  const routeLabel = useNextLabel();
  const { form, set, bind, bindAt, flow, ctx } = page;
  const age = applicantAge(ctx);
  const [showCash, setShowCash] = useState(() => cashCardOpen(form.accountType, age));
  const [asking, setAsking] = useState(false);
  const [confirming, setConfirming] = useState(false);


  const forced = fundTradeForced(ctx.app);
  const student = isQuestionnaireStudent(at(ctx.saved.JOBSTATUS, 'employmentInfo.degree'), age);
  const chosen = form.accountType !== 0;

  // the fields, named as the validator's (options stand for the market mask; their derivative issues show with it)
  const accountType = bind('accountType', { touchOnChange: true });
  const options = bind('options', { field: 'marketOpen', touchOnChange: true });
  const derivative = bindAt('derivativeInfo', form.derivativeInfo, (v: DerivativeAnswers | null) => set('derivativeInfo', v), { touchOnChange: true });
  const openDerivative = bindAt('openDerivative', form.options, options.onChange);
  // the dialog's evidence files (issue 41): their issues show with the options, as the questionnaire's do
  const evidenceError = evidenceFields()
    .map((f) => bindAt(f, form.derivativeEvidence, (v: Record<string, unknown> | null) => set('derivativeEvidence', v)).error)
    .find((e) => e !== undefined);
  const fund = bind('fundTrade', { field: 'openFundTrade', touchOnChange: true });

  const chooseType = (type: number) => {
    accountType.onChange(type);
    if (!optionsOffered(type)) set('options', false);
  };
  const setOptions = (on: boolean) => {
    if (on && !investmentOpenedDerivative(ctx)) {
      setAsking(true);
      return;
    }
    options.onChange(on);
  };
  const derivativeDone = (info: DerivativeAnswers, evidence: Record<string, unknown> | undefined) => {
    setAsking(false);
    derivative.onChange(info);
    set('derivativeEvidence', evidence ?? null);
    options.onChange(true);
  };
  const derivativeCancelled = () => {
    setAsking(false);
    options.onChange(false);
    toast.show(t('derivative.cancelled'));
  };

  const onNext = () => {
    // nothing chosen or something wrong: marked, scrolled to and focused, with the toast (the form kit's check)
    if (!page.check()) return;
    setConfirming(true);
  };
  const confirm = () => {
    setConfirming(false);
    void page.next();
  };

  const marketLocked = () => toast.show(t('account.markets.locked'));
  const typeError = accountType.error;
  const marketError = options.error ?? derivative.error ?? openDerivative.error ?? evidenceError;
  const fundError = fund.error;

  const card = (type: number) => {
    const key = KEY_OF[type];
    const checked = form.accountType === type;
    const recommended = type === ACCOUNT_TYPE.MARGIN;
    return (
      <div key={type} className="esop-select-account__card" data-checked={checked ? 'true' : undefined}>
        <input
          type="radio"
          name={`${ids}-accountType`}
          value={type}
          checked={checked}
          onChange={() => chooseType(type)}
          aria-labelledby={`${ids}-${key}-name${recommended ? ` ${ids}-badge` : ''}`}
          aria-describedby={`${ids}-${key}-summary`}
          className="esop-select-account__card-input"
        />
        <div className="esop-select-account__card-head">
          <span className="esop-select-account__card-mark" aria-hidden="true" />
          <span id={`${ids}-${key}-name`} className="esop-select-account__card-name">
            {t(`account.${key}.name`)}
          </span>
          {recommended ? (
            <span id={`${ids}-badge`} className="esop-select-account__badge">
              {t('account.recommended')}
            </span>
          ) : null}
        </div>
        <p id={`${ids}-${key}-summary`} className="esop-select-account__card-summary">
          {t(`account.${key}.summary`)}
        </p>
        <ul className="esop-select-account__benefits">
          {BENEFITS[type].map((b) => (
            <li key={b}>{t(`account.${key}.${b}`)}</li>
          ))}
        </ul>
      </div>
    );
  };

  return (
    <StepPage
      title={t('account.title')}
      intro={t(STEP_INTRO_KEY[STEP])}
      progress={flow.progress}
      onBack={() => void page.back()}
      className="esop-select-account"
      footer={
        <FooterButton onClick={onNext} loading={flow.isSaving}>
          {routeLabel ?? t('common.next')}
        </FooterButton>
      }
    >

      <FieldGroup title={t('account.typeLabel')}>
        <div
          role="radiogroup"
          data-name={accountType.name}
          aria-label={t('account.typeLabel')}
          aria-describedby={typeError ? `${ids}-type-error` : undefined}
          aria-invalid={typeError ? true : undefined}
          className="esop-select-account__cards"
        >
          {ACCOUNT_CHOICES.filter((type) => type !== ACCOUNT_TYPE.CASH || showCash).map(card)}
        </div>
        {!showCash ? (
          <button type="button" className="esop-select-account__more" aria-expanded="false" onClick={() => setShowCash(true)}>
            {t('account.viewMore')}
            <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
              <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
        ) : null}
        {typeError ? (
          <p id={`${ids}-type-error`} className="esop-field__error">
            {typeError}
          </p>
        ) : null}
        {isSenior(age) && isMargin(form.accountType) ? (
          <div className="esop-select-account__notice" role="note" aria-labelledby={`${ids}-senior`}>
            <p id={`${ids}-senior`} className="esop-select-account__notice-title">
              {t('account.senior.title')}
            </p>
            <p>{t('account.senior.text')}</p>
          </div>
        ) : null}
      </FieldGroup>

      <FieldGroup title={t('account.markets.title')}>
        <p className="esop-select-account__hint">{t('account.markets.hint')}</p>
        <LockedRow onPress={marketLocked}>{t('account.markets.hk')}</LockedRow>
        <LockedRow onPress={marketLocked}>{t('account.markets.us')}</LockedRow>
        {stockConnectOffered(ctx) ? <LockedRow onPress={marketLocked}>{t('account.markets.stockConnect')}</LockedRow> : null}
        {/* the derivative issues are marked on the options row (or the markets' error line) */}
        <div data-name={derivative.name}>
          <div data-name={openDerivative.name}>
            {optionsOffered(form.accountType) ? (
              <CheckboxRow name={options.name} checked={options.value} onChange={setOptions} error={marketError}>
                <span className="esop-select-account__row-name">{t('account.markets.options')}</span>
                <span className="esop-select-account__row-hint">{t('account.markets.optionsHint')}</span>
              </CheckboxRow>
            ) : marketError ? (
              <p className="esop-field__error" data-name={options.name} tabIndex={-1}>
                {marketError}
              </p>
            ) : null}
          </div>
        </div>
      </FieldGroup>

      <FieldGroup title={t('account.fund.title')}>
        {forced ? (
          <div data-name={fund.name}>
            <LockedRow onPress={() => toast.show(t('account.fund.forced'))} describedBy={`${ids}-fund-note`}>
              <span className="esop-select-account__row-name">{t('account.fund.label')}</span>
              <span className="esop-select-account__row-hint">{t('account.fund.hint')}</span>
            </LockedRow>
            <p id={`${ids}-fund-note`} className="esop-select-account__note" role="note">
              {t('account.fund.forced')}
            </p>
          </div>
        ) : (
          <CheckboxRow name={fund.name} checked={fund.value} onChange={fund.onChange} error={fundError}>
            <span className="esop-select-account__row-name">{t('account.fund.label')}</span>
            <span className="esop-select-account__row-hint">{t('account.fund.hint')}</span>
          </CheckboxRow>
        )}
        {forced && fundError ? <p className="esop-field__error">{fundError}</p> : null}
      </FieldGroup>

      {asking ? (
        <Suspense fallback={null}>
          <DerivativeDialog
            visible={asking}
            initial={form.derivativeInfo ?? undefined}
            initialEvidence={form.derivativeEvidence ?? undefined}
            evidenceRule={evidenceRule}
            student={student}
            age={age}
            onDone={derivativeDone}
            onCancel={derivativeCancelled}
          />
        </Suspense>
      ) : null}
      <ConfirmDialog
        visible={confirming}
        title={t('account.confirm.title')}
        message={t('account.confirm.message', { type: chosen ? t(`account.${KEY_OF[form.accountType]}.name`) : '' })}
        confirmText={t('account.confirm.ok')}
        cancelText={t('account.confirm.back')}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      />
    </StepPage>
  );
}

/** A box that is on and cannot be changed: it reads as a checked, unavailable checkbox; a tap says why. */
function LockedRow({ children, onPress, describedBy }: { children: ReactNode; onPress: () => void; describedBy?: string }) {
  return (
    <button type="button" role="checkbox" aria-checked="true" aria-disabled="true" aria-describedby={describedBy} className="esop-select-account__locked" onClick={onPress}>
      <span className="esop-select-account__locked-mark" aria-hidden="true">
        <svg viewBox="0 0 16 16" width="14" height="14" focusable="false">
          <path d="M3.5 8.5l3 3 6-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </span>
      <span className="esop-select-account__locked-label">{children}</span>
    </button>
  );
}
