/**
 * #/ — the broker's request to complete information (issue 13): the note from staff, then a form for each item asked
 * (occupation and employer, source of funds and wealth, tax residences, a new identity document), started from what
 * the opening recorded; the domain's rules (src/core/domain/improve-info.ts, the service runs the same) show under
 * each field once Submit was pressed; the files go through the usual upload. Submitted: thanks, and the request is
 * closed (the account home's card goes). Nothing open: says so.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { backToAccount, PageSkeleton, usePageAccount } from '@core/app/account-page';
import { improveInfoSubmit, useImproveInfo } from '@core/api/account-pages';
import { ApiError, isApiError } from '@core/api/api-error';
import { useApiErrorHandler } from '@core/api/errors';
import { queryKeys } from '@core/api/keys';
import type { Res } from '@core/domain/contract';
import { ErrorCode, TOAST_MS } from '@core/domain/errors';
import { addMonths, ageOn, ID_VALID_MAX_YEARS, isIsoDate, todayInHongKong } from '@core/domain/identity';
import { IMPROVE_ITEMS, OTHER_WEALTH, WEALTH_DETAIL_MAX, WEALTH_SOURCES, employmentFor, validateImproveAnswers, type ImproveContext, type ImproveItem } from '@core/domain/improve-info';
import {
  EMPLOYMENTS,
  FUNDS_SOURCES,
  INDUSTRIES,
  MAX_TAX_ROWS,
  PROFILE_MAX_LEN,
  cleanTaxNumber,
  employmentOptions,
  fundsSourceOptions,
  hasCompany,
  joinList,
  positionOptions,
  splitList,
  taxNumberMax,
} from '@core/domain/profile';
import { MAX_FILES, type FileRefData } from '@core/domain/uploads';
import { useT } from '@core/i18n';
import { CheckboxRow, DateField, RadioField, SelectField, TextField } from '@core/ui/form';
import { CountryPicker } from '@core/ui/pickers/CountryPicker';
import { OptionPicker } from '@core/ui/pickers/OptionPicker';
import { useCountryName } from '@core/ui/pickers/country-names';
import { StepPage } from '@core/ui/StepPage';
import { AppBanner } from '@core/ui/AppBanner';
import { toast } from '@core/ui/toast';
import { FileUploader } from '@core/ui/uploader';

type Detail = Res<'improveInfoDetail'>;

interface Form {
  employment: { employment: string; companyName: string; officeAddress: string; industry: string; position: string };
  funds: { fundsSource: string[]; wealthSource: string[]; wealthDetail: string };
  taxResidency: { rows: { countryCode: string; taxNumber: string }[]; confirmed: boolean };
  idDocument: { files: FileRefData[]; validUntil: string };
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** The form at first: what the opening recorded (prefill), else empty. */
function initialForm(prefill: Detail['prefill']): Form {
  const e = prefill.employment ?? {};
  const rows = Array.isArray(prefill.taxResidency?.rows) ? (prefill.taxResidency.rows as { countryCode?: unknown; taxNumber?: unknown }[]) : [];
  return {
    employment: { employment: text(e.employment), companyName: text(e.companyName), officeAddress: text(e.officeAddress), industry: text(e.industry), position: text(e.position) },
    funds: { fundsSource: splitList(prefill.funds?.fundsSource), wealthSource: [], wealthDetail: '' },
    taxResidency: { rows: rows.length ? rows.map((r) => ({ countryCode: text(r.countryCode), taxNumber: text(r.taxNumber) })) : [{ countryCode: '', taxNumber: '' }], confirmed: false },
    idDocument: { files: [], validUntil: '' },
  };
}

/** The answers as the service takes them: the requested items only, each with its own fields. */
function toAnswers(items: readonly ImproveItem[], f: Form): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (items.includes('employment')) {
    const e = f.employment;
    out.employment = hasCompany(e.employment) ? { ...e, companyName: e.companyName.trim(), officeAddress: e.officeAddress.trim() } : { employment: e.employment };
  }
  if (items.includes('funds')) {
    const other = f.funds.wealthSource.includes(OTHER_WEALTH);
    out.funds = { fundsSource: joinList(f.funds.fundsSource, FUNDS_SOURCES), wealthSource: joinList(f.funds.wealthSource, WEALTH_SOURCES), ...(other ? { wealthDetail: f.funds.wealthDetail.trim() } : {}) };
  }
  if (items.includes('taxResidency')) out.taxResidency = { rows: f.taxResidency.rows, confirmed: f.taxResidency.confirmed };
  if (items.includes('idDocument')) out.idDocument = { files: f.idDocument.files.map((x) => ({ ossId: x.ossId, description: x.description ?? '' })), validUntil: f.idDocument.validUntil };
  return out;
}

export default function ImproveInfoScreen() {
  const t = useT();
  const page = usePageAccount();
  const detail = useImproveInfo(page.acct?.subAcctId);
  const [done, setDone] = useState(false);
  const title = t('improveInfo.title');
  const back = () => backToAccount(page.acct?.subAcctId);
  if (!page.fresh || (page.acct && detail.isPending)) {
    return (
      <StepPage title={title}>
        <PageSkeleton />
      </StepPage>
    );
  }
  if (!page.acct || detail.isError || !detail.data) {
    return (
      <StepPage title={title} onBack={back}>
        <p className="esop-page-note" role="note">
          {t(page.acct ? 'hkIdentifier.loadFailed' : 'hkIdentifier.noAccount')}
        </p>
      </StepPage>
    );
  }
  if (done || !detail.data.request) {
    const key = done ? 'done' : 'none';
    return (
      <StepPage
        title={title}
        onBack={back}
        footer={
          <button type="button" className="esop-page-button" onClick={back}>
            {t('hkIdentifier.back')}
          </button>
        }
      >
        <section className="esop-page-card" aria-labelledby="imp-end">
          <h2 id="imp-end">{t(`improveInfo.${key}.title`)}</h2>
          <p>{t(`improveInfo.${key}.text`)}</p>
        </section>
      </StepPage>
    );
  }
  return <ImproveForm sub={page.acct.subAcctId} detail={detail.data} request={detail.data.request} onDone={() => setDone(true)} />;
}

function ImproveForm({ sub, detail, request, onDone }: { sub: string; detail: Detail; request: NonNullable<Detail['request']>; onDone: () => void }) {
  const t = useT();
  const qc = useQueryClient();
  const onError = useApiErrorHandler();
  const [form, setForm] = useState<Form>(() => initialForm(detail.prefill));
  const [tried, setTried] = useState(false);
  const [served, setServed] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const items = request.items;
  const ctx: ImproveContext = useMemo(() => ({ ...detail.context, today: todayInHongKong() }), [detail.context]);
  const answers = toAnswers(items, form);
  const issues: Record<string, string> = Object.fromEntries(validateImproveAnswers(items, answers, ctx).map((i) => [i.field, i.rule]));
  const set = <K extends keyof Form>(k: K, v: Partial<Form[K]>) => {
    setForm((f) => ({ ...f, [k]: { ...f[k], ...v } }));
    setServed({});
  };

  /** The message under a field (`item.field`): after Submit was pressed, or what the service refused. */
  const err = (path: string): string | undefined => {
    const rule = served[path] ?? (tried ? issues[path] : undefined);
    if (!rule) return undefined;
    if (path === 'idDocument.validUntil' && rule === 'idExpired') return t('improveInfo.idDocument.expired');
    return t(`rules.${rule}`, { max: path.startsWith('funds') ? WEALTH_DETAIL_MAX : path.startsWith('taxResidency.rows') ? MAX_TAX_ROWS : MAX_FILES.default, min: 4 });
  };

  const submit = async () => {
    setTried(true);
    const showFirst = () => setTimeout(() => document.querySelector('[aria-invalid="true"], .imp__error')?.scrollIntoView?.({ block: 'center' }), 0);
    if (Object.keys(issues).length) {
      toast.show(t('improveInfo.fixErrors'), TOAST_MS);
      showFirst();
      return;
    }
    if (busy) return;
    setBusy(true);
    try {
      await improveInfoSubmit({ subAcctId: sub, requestId: request.requestId, answers });
      void qc.invalidateQueries({ queryKey: queryKeys.user() });
      void qc.invalidateQueries({ queryKey: queryKeys.improveInfo(sub) });
      onDone();
    } catch (e) {
      if (isApiError(e, ErrorCode.INVALID_INPUT)) {
        const list = ((e as ApiError).data as { issues?: { path: string; message: string }[] } | undefined)?.issues ?? [];
        setServed(Object.fromEntries(list.filter((i) => i.path.startsWith('answers.')).map((i) => [i.path.slice(8), i.message])));
        toast.show(t('improveInfo.fixErrors'), TOAST_MS);
        showFirst();
      } else if (isApiError(e, ErrorCode.IMPROVE_CLOSED)) {
        onError(e);
        void qc.invalidateQueries({ queryKey: queryKeys.improveInfo(sub) });
      } else onError(e);
    } finally {
      setBusy(false);
    }
  };

  const section = (item: ImproveItem, body: ReactNode) => (
    <section key={item} className="esop-page-card imp__item" aria-labelledby={`imp-${item}`}>
      <h2 id={`imp-${item}`}>{t(`improveInfo.${item}.title`)}</h2>
      {body}
    </section>
  );
  const forms: Record<ImproveItem, () => ReactNode> = {
    employment: () => <EmploymentForm value={form.employment} ctx={ctx} onChange={(v) => set('employment', v)} err={err} />,
    funds: () => <FundsForm value={form.funds} employment={employmentFor(items, answers, ctx)} onChange={(v) => set('funds', v)} err={err} />,
    taxResidency: () => <TaxForm value={form.taxResidency} ctx={ctx} onChange={(v) => set('taxResidency', v)} err={err} />,
    idDocument: () => <IdDocumentForm value={form.idDocument} today={ctx.today} onChange={(v) => set('idDocument', v)} err={err} />,
  };

  return (
    <StepPage title={t('improveInfo.title')} onBack={() => backToAccount(sub)} onNext={() => void submit()} nextLabel={t('improveInfo.submit')} nextLoading={busy}>
      <AppBanner />
      <p className="imp__intro">{t('improveInfo.intro')}</p>
      {request.message ? (
        <div className="imp__message" role="note" aria-label={t('improveInfo.message')}>
          <strong>{t('improveInfo.message')}</strong>
          <p>{request.message}</p>
        </div>
      ) : null}
      {IMPROVE_ITEMS.filter((i) => items.includes(i)).map((i) => section(i, forms[i]()))}
    </StepPage>
  );
}

type Err = (path: string) => string | undefined;

function EmploymentForm({ value, ctx, onChange, err }: { value: Form['employment']; ctx: ImproveContext; onChange: (v: Partial<Form['employment']>) => void; err: Err }) {
  const t = useT();
  const [picker, setPicker] = useState<'industry' | 'position' | null>(null);
  const age = ctx.birthday && isIsoDate(ctx.birthday) ? ageOn(ctx.birthday, ctx.today) : undefined;
  const offered = employmentOptions(age);
  const positions = positionOptions(value.employment);
  return (
    <>
      <RadioField
        name="employment.employment"
        label={t('improveInfo.employment.status')}
        value={value.employment || undefined}
        options={EMPLOYMENTS.filter((e) => offered.includes(e)).map((e) => ({ value: e, label: t(`job.employment.${e}`) }))}
        onChange={(e) => onChange({ employment: e, position: positionOptions(e).includes(value.position) ? value.position : '' })}
        error={err('employment.employment')}
        required
      />
      {hasCompany(value.employment) ? (
        <>
          <TextField name="employment.companyName" label={t('improveInfo.employment.companyName')} value={value.companyName} maxLength={PROFILE_MAX_LEN.companyName} onChange={(v) => onChange({ companyName: v })} error={err('employment.companyName')} required />
          <TextField name="employment.officeAddress" label={t('improveInfo.employment.officeAddress')} value={value.officeAddress} maxLength={PROFILE_MAX_LEN.officeAddress} multiline onChange={(v) => onChange({ officeAddress: v })} error={err('employment.officeAddress')} required />
          <SelectField name="employment.industry" label={t('improveInfo.employment.industry')} value={value.industry ? t(`job.industry.${value.industry}`) : ''} onClick={() => setPicker('industry')} error={err('employment.industry')} required />
          <SelectField name="employment.position" label={t('improveInfo.employment.position')} value={value.position ? t(`job.position.${value.position}`) : ''} onClick={() => setPicker('position')} error={err('employment.position')} required />
          <OptionPicker
            visible={picker === 'industry'}
            title={t('improveInfo.employment.industry')}
            searchable
            options={INDUSTRIES.map((i) => ({ value: i, label: t(`job.industry.${i}`) }))}
            value={value.industry}
            onSelect={(v) => onChange({ industry: v })}
            onClose={() => setPicker(null)}
          />
          <OptionPicker
            visible={picker === 'position'}
            title={t('improveInfo.employment.position')}
            options={positions.map((p) => ({ value: p, label: t(`job.position.${p}`) }))}
            value={value.position}
            onSelect={(v) => onChange({ position: v })}
            onClose={() => setPicker(null)}
          />
        </>
      ) : null}
    </>
  );
}

function Boxes({ legend, hint, name, options, value, onChange, error }: { legend: string; hint?: string; name: string; options: { value: string; label: string }[]; value: string[]; onChange: (v: string[]) => void; error?: string }) {
  return (
    <fieldset className="imp__boxes" data-name={name} aria-invalid={error ? true : undefined}>
      <legend>{legend}</legend>
      {hint ? <p className="esop-page-muted">{hint}</p> : null}
      {options.map((o) => (
        <CheckboxRow key={o.value} checked={value.includes(o.value)} onChange={(on) => onChange(on ? [...value, o.value] : value.filter((v) => v !== o.value))}>
          {o.label}
        </CheckboxRow>
      ))}
      {error ? (
        <p className="imp__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function FundsForm({ value, employment, onChange, err }: { value: Form['funds']; employment: string | null; onChange: (v: Partial<Form['funds']>) => void; err: Err }) {
  const t = useT();
  const offered = employment ? fundsSourceOptions(employment) : FUNDS_SOURCES;
  return (
    <>
      <Boxes
        legend={t('improveInfo.funds.fundsLabel')}
        hint={t('improveInfo.funds.hint')}
        name="funds.fundsSource"
        options={FUNDS_SOURCES.filter((s) => offered.includes(s)).map((s) => ({ value: s, label: t(`finance.funds.${s}`) }))}
        value={value.fundsSource}
        onChange={(v) => onChange({ fundsSource: v })}
        error={err('funds.fundsSource')}
      />
      <Boxes
        legend={t('improveInfo.funds.wealthLabel')}
        hint={t('improveInfo.funds.hint')}
        name="funds.wealthSource"
        options={WEALTH_SOURCES.map((s) => ({ value: s, label: t(`improveInfo.wealth.${s}`) }))}
        value={value.wealthSource}
        onChange={(v) => onChange({ wealthSource: v })}
        error={err('funds.wealthSource')}
      />
      {value.wealthSource.includes(OTHER_WEALTH) ? (
        <TextField name="funds.wealthDetail" label={t('improveInfo.funds.wealthDetail')} value={value.wealthDetail} maxLength={WEALTH_DETAIL_MAX} multiline onChange={(v) => onChange({ wealthDetail: v })} error={err('funds.wealthDetail')} required />
      ) : null}
    </>
  );
}

function TaxForm({ value, ctx, onChange, err }: { value: Form['taxResidency']; ctx: ImproveContext; onChange: (v: Partial<Form['taxResidency']>) => void; err: Err }) {
  const t = useT();
  const countryName = useCountryName();
  const [picking, setPicking] = useState<number | null>(null);
  const setRow = (i: number, v: Partial<Form['taxResidency']['rows'][number]>) => onChange({ rows: value.rows.map((r, j) => (j === i ? { ...r, ...v } : r)) });
  return (
    <>
      <p className="esop-page-muted">{t('improveInfo.taxResidency.intro')}</p>
      {value.rows.map((row, i) => (
        <div key={i} className="imp__row" role="group" aria-label={t('improveInfo.taxResidency.row', { n: i + 1 })}>
          <div className="imp__row-head">
            <h3>{t('improveInfo.taxResidency.row', { n: i + 1 })}</h3>
            {value.rows.length > 1 ? (
              <button type="button" className="imp__link" onClick={() => onChange({ rows: value.rows.filter((_, j) => j !== i) })}>
                {t('improveInfo.taxResidency.remove', { n: i + 1 })}
              </button>
            ) : null}
          </div>
          <SelectField name={`taxResidency.rows.${i}.countryCode`} label={t('improveInfo.taxResidency.country')} value={countryName(row.countryCode)} onClick={() => setPicking(i)} error={err(`taxResidency.rows.${i}.countryCode`)} required />
          <TextField
            name={`taxResidency.rows.${i}.taxNumber`}
            label={t('improveInfo.taxResidency.number')}
            value={row.taxNumber}
            maxLength={taxNumberMax(ctx.clientType)}
            onChange={(v) => setRow(i, { taxNumber: cleanTaxNumber(v, ctx.clientType) })}
            error={err(`taxResidency.rows.${i}.taxNumber`)}
            required
          />
        </div>
      ))}
      {err('taxResidency.rows') ? (
        <p className="imp__error" role="alert">
          {err('taxResidency.rows')}
        </p>
      ) : null}
      {value.rows.length < MAX_TAX_ROWS ? (
        <button type="button" className="esop-page-button esop-page-button--plain" onClick={() => onChange({ rows: [...value.rows, { countryCode: '', taxNumber: '' }] })}>
          {t('improveInfo.taxResidency.add')}
        </button>
      ) : null}
      <CheckboxRow name="taxResidency.confirmed" checked={value.confirmed} onChange={(on) => onChange({ confirmed: on })} error={err('taxResidency.confirmed')}>
        {t('improveInfo.taxResidency.confirm')}
      </CheckboxRow>
      <CountryPicker
        visible={picking !== null}
        title={t('improveInfo.taxResidency.country')}
        priority={['HK', 'CN', 'MO', 'SG', 'GB', 'US']}
        value={picking === null ? undefined : value.rows[picking]?.countryCode}
        onSelect={(code) => picking !== null && setRow(picking, { countryCode: code })}
        onClose={() => setPicking(null)}
      />
    </>
  );
}

function IdDocumentForm({ value, today, onChange, err }: { value: Form['idDocument']; today: string; onChange: (v: Partial<Form['idDocument']>) => void; err: Err }) {
  const t = useT();
  return (
    <>
      <FileUploader
        name="idDocument.files"
        label={t('improveInfo.idDocument.files')}
        hint={t('improveInfo.idDocument.filesHint')}
        value={value.files}
        onChange={(files) => onChange({ files })}
        max={MAX_FILES.default}
        category="UserInfo"
        error={err('idDocument.files')}
        required
      />
      <DateField name="idDocument.validUntil" label={t('improveInfo.idDocument.validUntil')} hint={t('improveInfo.idDocument.validHint')} value={value.validUntil} min={today} max={addMonths(today, 12 * ID_VALID_MAX_YEARS)} onChange={(v) => onChange({ validUntil: v })} error={err('idDocument.validUntil')} longTerm required />
    </>
  );
}
