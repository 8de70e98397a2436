/**
 * /jobStatus — employment and education (spec part 2 §2 "Employment and education", §3 "employmentInfo",
 * §4 "Employment", §5 "Employment"): education (primary or below opens the offline dialog and is not kept),
 * employment status (retired from 30), then either the company (name from the company search page, office
 * address = its registered location, industry in six groups, position by employment kind, working years by
 * age) or the fund sources and debts (mutually exclusive boxes, other-debt text, the "no dispute" box whose
 * unticking shows the debt-dispute notice). Saved on Next (JOBSTATUS), a draft on leaving.
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@core/api/keys';
import type { ApplicationView } from '@core/domain/contract';
import { MIN_LEN } from '@core/domain/identity';
import {
  DEBT,
  DEBTS,
  DEGREES,
  OFFLINE_DEGREE,
  PROFILE_MAX_LEN,
  applicantAge,
  employmentOptions,
  hasCompany,
  investFundsSourceOptions,
  positionOptions,
  toggleDebt,
  workLifeOptions,
} from '@core/domain/profile';
import { STEP_ROUTE } from '@core/domain/steps';
import { useT } from '@core/i18n';
import { ConfirmDialog } from '@core/ui/ConfirmDialog';
import { StepPage } from '@core/ui/StepPage';
import { CheckboxRow, FieldGroup, SelectField, TextField } from '@core/ui/form';
import { OptionPicker } from '@core/ui/pickers/OptionPicker';
import { companySearchPath, useCompanyChoice } from '../../company-choice';
import { WithApplication } from '../../components/WithApplication';
import { useStepPage } from '@core/step-engine';
import { IndustryPicker } from './IndustryPicker';
import { initialJobForm, STEP, toJobStatusData, withEmployment, type JobForm } from './job-status-data';
import { CheckGroup, ServicePhone } from '../../components/CheckGroup';
import './job-status.css';

const F = {
  degree: 'employmentInfo.degree',
  employment: 'employmentInfo.employment',
  companyName: 'employmentInfo.companyName',
  officeAddress: 'employmentInfo.officeAddress',
  industry: 'employmentInfo.industry',
  position: 'employmentInfo.position',
  workLife: 'employmentInfo.workLife',
  funds: 'employmentInfo.investFundsSource',
  debts: 'employmentInfo.financialStatus',
  debtDetail: 'employmentInfo.financialStatusDetail',
  noDispute: 'employmentInfo.noDispute',
} as const;

const LIMITS = { [F.companyName]: PROFILE_MAX_LEN.companyName, [F.officeAddress]: PROFILE_MAX_LEN.officeAddress, [F.debtDetail]: PROFILE_MAX_LEN.debtDetail };

type Picker = 'degree' | 'employment' | 'industry' | 'position' | 'workLife';

export default function JobStatusScreen() {
  const t = useT();
  return <WithApplication title={t('job.title')}>{(app) => <JobStatusPage app={app} />}</WithApplication>;
}

function JobStatusPage({ app }: { app: ApplicationView }) {
  const t = useT();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const page = useStepPage(STEP, app, { initial: initialJobForm, toData: toJobStatusData, limits: LIMITS });
  const { form, setForm, errors, flow, ctx, data } = page;
  const age = applicantAge(ctx);
  const [picker, setPicker] = useState<Picker | null>(null);
  const [offline, setOffline] = useState(false);
  const [dispute, setDispute] = useState(false);

  // back from the company search page: the registry's company (name read-only, its registered location as the
  // office address) or the one typed there by hand
  const { choice, take } = useCompanyChoice(STEP_ROUTE.JOBSTATUS);
  useEffect(() => {
    if (!choice) return;
    setForm((f) => ({
      ...f,
      companyName: choice.name,
      companyNameVendor: choice.manual ? '' : choice.name,
      officeAddress: choice.address,
      officeAddressVendor: choice.manual ? '' : choice.address,
    }));
    errors.changed(F.companyName, F.officeAddress);
    errors.touch(F.companyName, F.officeAddress);
    take();
  }, [choice, take, errors, setForm]);

  const update = (change: (f: JobForm) => JobForm, ...fields: string[]) => {
    setForm(change);
    errors.changed(...fields);
  };
  const pick = (field: string, change: (f: JobForm) => JobForm, ...more: string[]) => {
    update(change, field, ...more);
    errors.touch(field);
  };

  const onDegree = (degree: string) => {
    // primary or below: offline opening only; the answer is not kept
    if (degree === OFFLINE_DEGREE) {
      setOffline(true);
      return;
    }
    pick(F.degree, (f) => ({ ...f, degree }));
  };

  const toSearch = () => {
    // the search page replaces this one: the draft the halfway save is sending is what the page starts from on return
    qc.setQueryData<ApplicationView | null>(queryKeys.application(), (a) =>
      a ? { ...a, data: { ...a.data, drafts: { ...((a.data.drafts ?? {}) as Record<string, unknown>), [STEP]: data } } } : a,
    );
    navigate(companySearchPath(STEP_ROUTE.JOBSTATUS, form.companyName.trim() || undefined));
  };

  const errorOf = (field: string) =>
    // the hand-typed company name's minimum (the rule text's {min})
    field === F.companyName && errors.ruleOf(field) === 'tooShort' ? t('rules.tooShort', { min: MIN_LEN.companyNameManual }) : errors.errorOf(field);

  const label = (group: string) => (code: string) => ({ value: code, label: t(`job.${group}.${code}`) });
  const company = hasCompany(form.employment);
  const found = form.companyNameVendor !== '' && form.companyName === form.companyNameVendor;

  return (
    <StepPage
      title={t('job.title')}
      progress={flow.progress}
      onBack={() => void page.back()}
      onNext={() => void page.next()}
      nextDisabled={!page.canNext}
      nextLoading={flow.isSaving}
      className="esop-job-status"
    >
      <p className="esop-job-status__intro">{t('job.intro')}</p>
      <FieldGroup title={t('job.groupBasic')}>
        <SelectField
          name="degree"
          label={t('job.degreeLabel')}
          value={form.degree ? t(`job.degree.${form.degree}`) : ''}
          onClick={() => setPicker('degree')}
          error={errorOf(F.degree)}
          required
        />
        <SelectField
          name="employment"
          label={t('job.employmentLabel')}
          value={form.employment ? t(`job.employment.${form.employment}`) : ''}
          onClick={() => setPicker('employment')}
          error={errorOf(F.employment)}
          required
        />
      </FieldGroup>

      {company ? (
        <FieldGroup title={t('job.groupCompany')}>
          <SelectField
            name="companyName"
            label={t('job.companyName')}
            value={form.companyName}
            placeholder={t('job.companySearch')}
            onClick={toSearch}
            hint={form.companyName ? t(found ? 'job.companyFound' : 'job.companyManual') : undefined}
            error={errorOf(F.companyName)}
            required
          />
          <TextField
            name="officeAddress"
            label={t('job.officeAddress')}
            value={form.officeAddress}
            onChange={(v) => update((f) => ({ ...f, officeAddress: v }), F.officeAddress)}
            onBlur={() => errors.touch(F.officeAddress)}
            hint={form.officeAddressVendor && form.officeAddress === form.officeAddressVendor ? t('job.officeAddressHint') : undefined}
            error={errorOf(F.officeAddress)}
            placeholder={t('job.officeAddressPlaceholder')}
            maxLength={PROFILE_MAX_LEN.officeAddress}
            multiline
            required
          />
          <SelectField
            name="industry"
            label={t('job.industryLabel')}
            value={form.industry ? t(`job.industry.${form.industry}`) : ''}
            onClick={() => setPicker('industry')}
            error={errorOf(F.industry)}
            required
          />
          <SelectField
            name="position"
            label={t('job.positionLabel')}
            value={form.position ? t(`job.position.${form.position}`) : ''}
            onClick={() => setPicker('position')}
            error={errorOf(F.position)}
            required
          />
          <SelectField
            name="workLife"
            label={t('job.workLifeLabel')}
            value={form.workLife ? t(`job.workLife.${form.workLife}`) : ''}
            onClick={() => setPicker('workLife')}
            error={errorOf(F.workLife)}
            required
          />
        </FieldGroup>
      ) : null}

      {form.employment && !company ? (
        <FieldGroup title={t('job.groupFinance')}>
          <CheckGroup
            name="investFundsSource"
            label={t('job.fundsLabel')}
            hint={t('job.fundsHint')}
            options={investFundsSourceOptions(form.employment, app.clientType).map(label('funds'))}
            values={form.investFundsSource}
            onChange={(value, checked) =>
              pick(F.funds, (f) => ({ ...f, investFundsSource: checked ? [...f.investFundsSource, value] : f.investFundsSource.filter((s) => s !== value) }))
            }
            error={errorOf(F.funds)}
            required
          />
          <CheckGroup
            name="financialStatus"
            label={t('job.debtLabel')}
            options={DEBTS.map(label('debt'))}
            values={form.debts}
            onChange={(value, checked) => pick(F.debts, (f) => ({ ...f, debts: toggleDebt(f.debts, value, checked) }), F.debtDetail)}
            error={errorOf(F.debts)}
            required
          >
            {form.debts.includes(DEBT.OTHER) ? (
              <TextField
                name="financialStatusDetail"
                label={t('job.debtDetail')}
                value={form.debtDetail}
                onChange={(v) => update((f) => ({ ...f, debtDetail: v }), F.debtDetail)}
                onBlur={() => errors.touch(F.debtDetail)}
                error={errorOf(F.debtDetail)}
                placeholder={t('job.debtDetailPlaceholder')}
                maxLength={PROFILE_MAX_LEN.debtDetail}
                multiline
                required
              />
            ) : null}
          </CheckGroup>
          <CheckboxRow
            name="noDispute"
            checked={form.noDispute}
            onChange={(checked) => {
              pick(F.noDispute, (f) => ({ ...f, noDispute: checked }));
              if (!checked) setDispute(true);
            }}
            error={errorOf(F.noDispute)}
          >
            {t('job.noDispute')}
          </CheckboxRow>
        </FieldGroup>
      ) : null}

      <OptionPicker
        visible={picker === 'degree'}
        title={t('job.degreeLabel')}
        options={DEGREES.map(label('degree'))}
        value={form.degree || undefined}
        onSelect={onDegree}
        onClose={() => setPicker(null)}
      />
      <OptionPicker
        visible={picker === 'employment'}
        title={t('job.employmentLabel')}
        options={employmentOptions(age).map(label('employment'))}
        value={form.employment || undefined}
        onSelect={(v) => pick(F.employment, (f) => withEmployment(f, v), F.position)}
        onClose={() => setPicker(null)}
      />
      <IndustryPicker
        visible={picker === 'industry'}
        value={form.industry}
        onSelect={(v) => pick(F.industry, (f) => ({ ...f, industry: v }))}
        onClose={() => setPicker(null)}
      />
      <OptionPicker
        visible={picker === 'position'}
        title={t('job.positionLabel')}
        options={positionOptions(form.employment).map(label('position'))}
        value={form.position || undefined}
        onSelect={(v) => pick(F.position, (f) => ({ ...f, position: v }))}
        onClose={() => setPicker(null)}
      />
      <OptionPicker
        visible={picker === 'workLife'}
        title={t('job.workLifeLabel')}
        options={workLifeOptions(age).map(label('workLife'))}
        value={form.workLife || undefined}
        onSelect={(v) => pick(F.workLife, (f) => ({ ...f, workLife: v }))}
        onClose={() => setPicker(null)}
      />

      <ConfirmDialog
        visible={offline}
        title={t('job.offline.title')}
        message={t('job.offline.message')}
        showCancel={false}
        confirmText={t('job.offline.ok')}
        onConfirm={() => setOffline(false)}
        onCancel={() => setOffline(false)}
      >
        <ServicePhone clientType={app.clientType} />
      </ConfirmDialog>
      {/* the debt-dispute notice (spec key yzwjfzbzckh) */}
      <ConfirmDialog
        visible={dispute}
        title={t('job.dispute.title')}
        message={t('job.dispute.message')}
        showCancel={false}
        confirmText={t('job.dispute.ok')}
        onConfirm={() => setDispute(false)}
        onCancel={() => setDispute(false)}
      >
        <ServicePhone clientType={app.clientType} />
      </ConfirmDialog>
    </StepPage>
  );
}
