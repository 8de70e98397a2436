/**
 * /Finance — financial situation (spec part 2 §2 "Finance", §3 "financialInfo", §4 "Finance", §5 "Finance"):
 * the sources of funds (salary income offered, and ticked at first, only to the employed and self-employed),
 * annual income, net assets, investable assets (offered up to the net-asset band), average yearly investment
 * and the housing type (a mortgaged home not offered after "no liabilities"). Picking net assets below the
 * chosen investable assets opens the error dialog and clears the investable assets. Amounts are in RMB for
 * mainland applicants and HKD otherwise. Saved on Next (FINANCE), a draft on leaving.
 */
import { useCallback, useMemo, useState } from 'react';
import type { ApplicationView } from '@core/domain/contract';
import {
  INCOME_BANDS,
  INVEST_AMOUNT_BANDS,
  ASSET_BANDS,
  assetsInverted,
  currentAssetOptions,
  fundsSourceOptions,
  houseTypeOptions,
} from '@core/domain/profile';
import { FundsSourceField } from '@core/form/sections/FundsSection';
import { STEP_INTRO_KEY } from '@core/domain/steps';
import { useT } from '@core/i18n';
import { ConfirmDialog } from '@core/ui/ConfirmDialog';
import { StepPage } from '@core/ui/StepPage';
import { FieldGroup, RadioField, SelectField } from '@core/ui/form';
import { OptionPicker } from '@core/ui/pickers/OptionPicker';
import { WithApplication } from '@core/app/flow-kit/WithApplication';
import { useStepPage } from '@core/step-engine';
import { initialFinanceForm, jobFactsOf, STEP, toFinanceData, type FinanceForm } from './finance-data';
import './finance.css';

const F = {
  funds: 'financialInfo.fundsSource',
  annualIncome: 'financialInfo.annualIncome',
  netAsset: 'financialInfo.netAsset',
  currentAsset: 'financialInfo.currentAsset',
  annualAverageInvestAmount: 'financialInfo.annualAverageInvestAmount',
  houseType: 'financialInfo.houseType',
} as const;

type Band = 'annualIncome' | 'netAsset' | 'currentAsset' | 'annualAverageInvestAmount';
/** Each band picker: its label key and the locale group of its band texts (one text per currency). */
const BANDS: Record<Band, { label: string; texts: string }> = {
  annualIncome: { label: 'finance.incomeLabel', texts: 'finance.income' },
  netAsset: { label: 'finance.netAssetLabel', texts: 'finance.asset' },
  currentAsset: { label: 'finance.currentAssetLabel', texts: 'finance.asset' },
  annualAverageInvestAmount: { label: 'finance.investLabel', texts: 'finance.invest' },
};

export default function FinanceScreen() {
  const t = useT();
  return <WithApplication title={t('finance.title')} step={STEP}>{(app) => <FinancePage app={app} />}</WithApplication>;
}

function FinancePage({ app }: { app: ApplicationView }) {
  const t = useT();
  const job = useMemo(() => jobFactsOf(app), [app]);
  const [picker, setPicker] = useState<Band | null>(null);
  const [inverted, setInverted] = useState(false);
  const initial = useCallback((src: Record<string, unknown> | undefined) => initialFinanceForm(src, job), [job]);
  const toData = useCallback((f: FinanceForm) => toFinanceData(f, job), [job]);
  const page = useStepPage(STEP, app, { initial, toData });
  const { form, flow, bind } = page;
  const bandOf = (band: Band) => bind(band, { field: F[band], touchOnChange: true });

  const money = app.clientType === 'cn' ? 'RMB' : 'HKD';
  const bandText = (band: Band, value: string) => t(`${BANDS[band].texts}.${money}.${value}`);

  const onBand = (band: Band, value: string) => {
    if (band === 'netAsset' && assetsInverted(value, form.currentAsset)) {
      // net assets below the investable assets: the error dialog; the new net assets stay, the investable assets are asked again
      bind('currentAsset', { field: F.currentAsset }).onChange('');
      setInverted(true);
    }
    bandOf(band).onChange(value);
  };

  const optionsOf = (band: Band): string[] =>
    band === 'annualIncome' ? INCOME_BANDS : band === 'netAsset' ? ASSET_BANDS : band === 'currentAsset' ? currentAssetOptions(form.netAsset) : INVEST_AMOUNT_BANDS;

  const bandField = (band: Band, hint?: string) => {
    const field = bandOf(band);
    return (
      <SelectField
        name={field.name}
        label={t(BANDS[band].label)}
        value={field.value ? bandText(band, field.value) : ''}
        onClick={() => setPicker(band)}
        hint={hint}
        error={field.error}
        required
      />
    );
  };
  const house = bind('houseType', { field: F.houseType, touchOnChange: true });

  return (
    <StepPage
      title={t('finance.title')}
      intro={t(STEP_INTRO_KEY[STEP])}
      progress={flow.progress}
      onBack={() => void page.back()}
      onNext={() => void page.next()}
      nextLoading={flow.isSaving}
      className="esop-finance"
    >
      <p className="esop-finance__intro">{t('finance.currency', { currencyName: t(`finance.currencyName.${money}`) })}</p>
      <FieldGroup title={t('finance.groupFunds')}>
        <FundsSourceField
          field={bind('fundsSource', { field: F.funds, touchOnChange: true })}
          label={t('finance.fundsLabel')}
          hint={t('finance.fundsHint')}
          offered={fundsSourceOptions(job.employment)}
        />
      </FieldGroup>
      <FieldGroup title={t('finance.groupAssets')}>
        {bandField('annualIncome')}
        {bandField('netAsset', t('finance.netAssetHint'))}
        {bandField('currentAsset', t('finance.currentAssetHint'))}
        {bandField('annualAverageInvestAmount')}
      </FieldGroup>
      <FieldGroup title={t('finance.groupHome')}>
        <RadioField<string>
          {...house}
          value={house.value || undefined}
          label={t('finance.houseLabel')}
          options={houseTypeOptions(job.financialStatus).map((h) => ({ value: h, label: t(`finance.house.${h}`) }))}
          required
        />
      </FieldGroup>

      {picker ? (
        <OptionPicker
          visible
          title={t(BANDS[picker].label)}
          options={optionsOf(picker).map((v) => ({ value: v, label: bandText(picker, v) }))}
          value={form[picker] || undefined}
          onSelect={(v) => onBand(picker, v)}
          onClose={() => setPicker(null)}
        />
      ) : null}
      <ConfirmDialog
        visible={inverted}
        title={t('finance.inverted.title')}
        message={t('finance.inverted.message')}
        showCancel={false}
        confirmText={t('finance.inverted.ok')}
        onConfirm={() => {
          setInverted(false);
          setPicker('currentAsset');
        }}
        onCancel={() => setInverted(false)}
      />
    </StepPage>
  );
}
