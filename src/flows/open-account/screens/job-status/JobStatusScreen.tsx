/**
 * /jobStatus — employment and education (spec part 2 §2 "Employment and education", §3 "employmentInfo",
 * §4 "Employment", §5 "Employment"): education (primary or below opens the offline dialog and is not kept),
 * employment status (retired from 30), then either the company (name from the company search page, office
 * address = its registered location, industry in six groups, position by employment kind, working years by
 * age) or the fund sources and debts (mutually exclusive boxes, other-debt text, the "no dispute" box whose
 * unticking shows the debt-dispute notice). Saved on Next (JOBSTATUS), a draft on leaving.
 */
import { useEffect, useRef, useState } from 'react';
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
import { STEP_ROUTE, STEP_INTRO_KEY } from '@core/domain/steps';
import { ServicePhone } from '@core/form/sections/CheckGroup';
import { CompanyFields, EmploymentStatusField } from '@core/form/sections/EmploymentSection';
import { SourcesField } from '@core/form/sections/FundsSection';
import { useT } from '@core/i18n';
import { ConfirmDialog } from '@core/ui/ConfirmDialog';
import { StepPage } from '@core/ui/StepPage';
import { CheckboxRow, FieldGroup, SelectField } from '@core/ui/form';
import { OptionPicker } from '@core/ui/pickers/OptionPicker';
import { companySearchPath, useCompanyChoice } from '../../company-choice';
import { WithApplication } from '@core/app/flow-kit/WithApplication';
import { useStepPage } from '@core/step-engine';
import { initialJobForm, STEP, toJobStatusData, withEmployment } from './job-status-data';
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

// the hand-typed company name's minimum is its rule text's {min}
const LIMITS = {
  [F.companyName]: { max: PROFILE_MAX_LEN.companyName, min: MIN_LEN.companyNameManual },
  [F.officeAddress]: PROFILE_MAX_LEN.officeAddress,
  [F.debtDetail]: PROFILE_MAX_LEN.debtDetail,
};

type Picker = 'degree' | 'workLife';

export default function JobStatusScreen() {
  const t = useT();
  return <WithApplication title={t('job.title')} step={STEP}>{(app) => <JobStatusPage app={app} />}</WithApplication>;
}

function JobStatusPage({ app }: { app: ApplicationView }) {
  const t = useT();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const page = useStepPage(STEP, app, { initial: initialJobForm, toData: toJobStatusData, limits: LIMITS });
  const { form, setForm, flow, ctx, data, bind } = page;
  const age = applicantAge(ctx);
  const [picker, setPicker] = useState<Picker | null>(null);
  const [offline, setOffline] = useState(false);
  const [dispute, setDispute] = useState(false);

  const degree = bind('degree', { field: F.degree, touchOnChange: true });
  // a new employment keeps the position only when it is still offered
  const employment = page.bindAt(F.employment, form.employment, (v: string) => setForm((f) => withEmployment(f, v)));
  const companyName = bind('companyName', { field: F.companyName });
  const officeAddress = bind('officeAddress', { field: F.officeAddress });
  const workLife = bind('workLife', { field: F.workLife, touchOnChange: true });
  const noDispute = bind('noDispute', { field: F.noDispute, touchOnChange: true });

  // back from the company search page: the registry's company (name read-only, its registered location as the
  // office address) or the one typed there by hand
  const { choice, take } = useCompanyChoice(STEP_ROUTE.JOBSTATUS);
  const company = useRef({ companyName, officeAddress });
  company.current = { companyName, officeAddress };
  useEffect(() => {
    if (!choice) return;
    setForm((f) => ({ ...f, companyNameVendor: choice.manual ? '' : choice.name, officeAddressVendor: choice.manual ? '' : choice.address }));
    const fields = company.current;
    fields.companyName.onChange(choice.name);
    fields.companyName.onBlur();
    fields.officeAddress.onChange(choice.address);
    fields.officeAddress.onBlur();
    take();
  }, [choice, take, setForm]);

  const onDegree = (code: string) => {
    // primary or below: offline opening only; the answer is not kept
    if (code === OFFLINE_DEGREE) setOffline(true);
    else degree.onChange(code);
  };

  const toSearch = () => {
    // the search page replaces this one: the draft the halfway save is sending is what the page starts from on return
    qc.setQueryData<ApplicationView | null>(queryKeys.application(), (a) =>
      a ? { ...a, data: { ...a.data, drafts: { ...((a.data.drafts ?? {}) as Record<string, unknown>), [STEP]: data } } } : a,
    );
    navigate(companySearchPath(STEP_ROUTE.JOBSTATUS, form.companyName.trim() || undefined));
  };

  const label = (group: string) => (code: string) => ({ value: code, label: t(`job.${group}.${code}`) });
  const found = form.companyNameVendor !== '' && form.companyName === form.companyNameVendor;

  return (
    <StepPage
      title={t('job.title')}
      intro={t(STEP_INTRO_KEY[STEP])}
      progress={flow.progress}
      onBack={() => void page.back()}
      onNext={() => void page.next()}
      nextLoading={flow.isSaving}
      className="esop-job-status"
    >
      <FieldGroup title={t('job.groupBasic')}>
        <SelectField
          name={degree.name}
          label={t('job.degreeLabel')}
          value={form.degree ? t(`job.degree.${form.degree}`) : ''}
          onClick={() => setPicker('degree')}
          error={degree.error}
          required
        />
        <EmploymentStatusField field={employment} label={t('job.employmentLabel')} options={employmentOptions(age)} />
      </FieldGroup>

      {hasCompany(form.employment) ? (
        <FieldGroup title={t('job.groupCompany')}>
          <CompanyFields
            companyName={companyName}
            officeAddress={officeAddress}
            industry={bind('industry', { field: F.industry })}
            position={bind('position', { field: F.position })}
            positions={positionOptions(form.employment)}
            labels={{ companyName: t('job.companyName'), officeAddress: t('job.officeAddress'), industry: t('job.industryLabel'), position: t('job.positionLabel') }}
            search={{ open: toSearch, placeholder: t('job.companySearch'), hint: form.companyName ? t(found ? 'job.companyFound' : 'job.companyManual') : undefined }}
            companyNameMax={PROFILE_MAX_LEN.companyName}
            officeAddressMax={PROFILE_MAX_LEN.officeAddress}
            officeAddressHint={form.officeAddressVendor && form.officeAddress === form.officeAddressVendor ? t('job.officeAddressHint') : undefined}
            officeAddressPlaceholder={t('job.officeAddressPlaceholder')}
          >
            <SelectField
              name={workLife.name}
              label={t('job.workLifeLabel')}
              value={form.workLife ? t(`job.workLife.${form.workLife}`) : ''}
              onClick={() => setPicker('workLife')}
              error={workLife.error}
              required
            />
          </CompanyFields>
        </FieldGroup>
      ) : null}

      {form.employment && !hasCompany(form.employment) ? (
        <FieldGroup title={t('job.groupFinance')}>
          <SourcesField
            field={bind('investFundsSource', { field: F.funds })}
            label={t('job.fundsLabel')}
            hint={t('job.fundsHint')}
            options={investFundsSourceOptions(form.employment, app.clientType).map(label('funds'))}
            required
          />
          <SourcesField
            field={bind('debts', { field: F.debts })}
            label={t('job.debtLabel')}
            options={DEBTS.map(label('debt'))}
            toggle={toggleDebt}
            other={{
              value: DEBT.OTHER,
              field: bind('debtDetail', { field: F.debtDetail }),
              label: t('job.debtDetail'),
              placeholder: t('job.debtDetailPlaceholder'),
              maxLength: PROFILE_MAX_LEN.debtDetail,
            }}
            required
          />
          <CheckboxRow
            name={noDispute.name}
            checked={noDispute.value}
            onChange={(checked) => {
              noDispute.onChange(checked);
              if (!checked) setDispute(true);
            }}
            error={noDispute.error}
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
        visible={picker === 'workLife'}
        title={t('job.workLifeLabel')}
        options={workLifeOptions(age).map(label('workLife'))}
        value={form.workLife || undefined}
        onSelect={workLife.onChange}
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
