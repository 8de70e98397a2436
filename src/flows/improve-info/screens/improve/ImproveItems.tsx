/**
 * The improve-info page's item cards, each drawn with the shared field sections (src/core/form/sections) and wired
 * through the form's bind/bindAt; the texts are the page's own (improveInfo.*), the option texts the code lists'.
 */
import { useState } from 'react';
import { addMonths, ageOn, ID_VALID_MAX_YEARS, isIsoDate } from '@core/domain/identity';
import { OTHER_WEALTH, WEALTH_DETAIL_MAX, WEALTH_SOURCES, type ImproveContext } from '@core/domain/improve-info';
import { FUNDS_SOURCES, PROFILE_MAX_LEN, cleanTaxNumber, employmentOptions, fundsSourceOptions, hasCompany, positionOptions, taxNumberMax } from '@core/domain/profile';
import { MAX_FILES, type FileRefData } from '@core/domain/uploads';
import { CompanyFields, EmploymentStatusField } from '@core/form/sections/EmploymentSection';
import { FundsSourceField, SourcesField } from '@core/form/sections/FundsSection';
import { AddTaxRow, TaxRowFields, TaxRowFrame } from '@core/form/sections/TaxRows';
import type { RuleForm } from '@core/form/use-rule-form';
import { useT } from '@core/i18n';
import { CheckboxRow, DateField } from '@core/ui/form';
import { CountryPicker } from '@core/ui/pickers/CountryPicker';
import { useCountryName } from '@core/ui/pickers/country-names';
import { FileUploader } from '@core/ui/uploader';
import { emptyTaxRow, FIELD, withImproveEmployment, type ImproveForm, type TaxRowValue } from './improve-form';

type Kit = RuleForm<ImproveForm>;

/** Occupation and employer (the employment step's fields; the employer typed). */
export function EmploymentItem({ kit, ctx }: { kit: Kit; ctx: ImproveContext }) {
  const t = useT();
  const { form, bind } = kit;
  const age = ctx.birthday && isIsoDate(ctx.birthday) ? ageOn(ctx.birthday, ctx.today) : undefined;
  const employment = kit.bindAt(FIELD.employment, form.employment, (v: string) => kit.setForm((f) => withImproveEmployment(f, v)));
  return (
    <>
      <EmploymentStatusField field={employment} label={t('improveInfo.employment.status')} options={employmentOptions(age)} />
      {hasCompany(form.employment) ? (
        <CompanyFields
          companyName={bind('companyName', { field: FIELD.companyName })}
          officeAddress={bind('officeAddress', { field: FIELD.officeAddress })}
          industry={bind('industry', { field: FIELD.industry })}
          position={bind('position', { field: FIELD.position })}
          positions={positionOptions(form.employment)}
          labels={{
            companyName: t('improveInfo.employment.companyName'),
            officeAddress: t('improveInfo.employment.officeAddress'),
            industry: t('improveInfo.employment.industry'),
            position: t('improveInfo.employment.position'),
          }}
          companyNameMax={PROFILE_MAX_LEN.companyName}
          officeAddressMax={PROFILE_MAX_LEN.officeAddress}
        />
      ) : null}
    </>
  );
}

/** Source of funds (the finance step's list) and of wealth, with what "other" is. */
export function FundsItem({ kit, employment }: { kit: Kit; employment: string | null }) {
  const t = useT();
  const { bind } = kit;
  return (
    <>
      <FundsSourceField
        field={bind('fundsSource', { field: FIELD.fundsSource })}
        label={t('improveInfo.funds.fundsLabel')}
        hint={t('improveInfo.funds.hint')}
        offered={employment ? fundsSourceOptions(employment) : FUNDS_SOURCES}
      />
      <SourcesField
        field={bind('wealthSource', { field: FIELD.wealthSource })}
        label={t('improveInfo.funds.wealthLabel')}
        hint={t('improveInfo.funds.hint')}
        options={WEALTH_SOURCES.map((s) => ({ value: s, label: t(`improveInfo.wealth.${s}`) }))}
        other={{ value: OTHER_WEALTH, field: bind('wealthDetail', { field: FIELD.wealthDetail }), label: t('improveInfo.funds.wealthDetail'), maxLength: WEALTH_DETAIL_MAX }}
        required
      />
    </>
  );
}

/** The tax residences (the tax step's rows) and the self-certification. */
export function TaxItem({ kit, ctx }: { kit: Kit; ctx: Pick<ImproveContext, 'clientType'> }) {
  const t = useT();
  const countryName = useCountryName();
  const [picking, setPicking] = useState<number | null>(null);
  const { form, setForm, bindAt } = kit;
  // the rows as a whole: adding or removing one drops the service's issues of the rows (they go by position)
  const rows = bindAt(FIELD.taxRows, form.taxRows, (next: TaxRowValue[]) => setForm((f) => ({ ...f, taxRows: next })));
  const setRow = (i: number, patch: Partial<TaxRowValue>) => setForm((f) => ({ ...f, taxRows: f.taxRows.map((r, j) => (j === i ? { ...r, ...patch } : r)) }));
  const countryOf = (i: number) => bindAt(FIELD.taxCountry(i), form.taxRows[i]?.countryCode ?? '', (code: string) => setRow(i, { countryCode: code }), { touchOnChange: true });
  const numberOf = (i: number) =>
    bindAt(FIELD.taxNumber(i), form.taxRows[i]?.taxNumber ?? '', (v: string) => setRow(i, { taxNumber: v }), { map: (v) => cleanTaxNumber(v, ctx.clientType) });
  const confirmed = kit.bind('taxConfirmed', { field: FIELD.taxConfirmed, touchOnChange: true });
  // the list's own message (no row, too many), not a row's again (a row's issue is under the list's path too)
  const rowsError = form.taxRows.some((_, i) => countryOf(i).error || numberOf(i).error) ? undefined : rows.error;
  return (
    <>
      <p className="esop-page-muted">{t('improveInfo.taxResidency.intro')}</p>
      {form.taxRows.map((row, i) => (
        <TaxRowFrame
          key={i}
          level={3}
          className="imp__row"
          title={t('improveInfo.taxResidency.row', { n: i + 1 })}
          remove={
            form.taxRows.length > 1
              ? { text: t('improveInfo.taxResidency.remove', { n: i + 1 }), name: t('improveInfo.taxResidency.remove', { n: i + 1 }), onDelete: () => rows.onChange(form.taxRows.filter((_, j) => j !== i)) }
              : undefined
          }
        >
          <TaxRowFields
            country={countryOf(i)}
            countryName={countryName(row.countryCode)}
            onPickCountry={() => setPicking(i)}
            number={numberOf(i)}
            numberMax={taxNumberMax(ctx.clientType)}
            labels={{ country: t('improveInfo.taxResidency.country'), number: t('improveInfo.taxResidency.number') }}
          />
        </TaxRowFrame>
      ))}
      {rowsError ? (
        <p className="imp__error" role="alert" data-name={rows.name}>
          {rowsError}
        </p>
      ) : null}
      <AddTaxRow count={form.taxRows.length} onAdd={() => rows.onChange([...form.taxRows, emptyTaxRow()])} label={t('improveInfo.taxResidency.add')} />
      <CheckboxRow name={confirmed.name} checked={confirmed.value} onChange={confirmed.onChange} error={confirmed.error}>
        {t('improveInfo.taxResidency.confirm')}
      </CheckboxRow>
      <CountryPicker
        visible={picking !== null}
        title={t('improveInfo.taxResidency.country')}
        priority={['HK', 'CN', 'MO', 'SG', 'GB', 'US']}
        value={picking === null ? undefined : form.taxRows[picking]?.countryCode}
        onSelect={(code) => picking !== null && countryOf(picking).onChange(code)}
        onClose={() => setPicking(null)}
      />
    </>
  );
}

/** A new identity document: its files and its expiry (or long-term). */
export function IdDocumentItem({ kit, today }: { kit: Kit; today: string }) {
  const t = useT();
  const files = kit.bind('idFiles', { field: FIELD.idFiles, touchOnChange: true });
  const validUntil = kit.bind('idValidUntil', { field: FIELD.idValidUntil, touchOnChange: true });
  return (
    <>
      <FileUploader
        name={files.name}
        label={t('improveInfo.idDocument.files')}
        hint={t('improveInfo.idDocument.filesHint')}
        value={files.value}
        onChange={(next: FileRefData[]) => files.onChange(next)}
        max={MAX_FILES.default}
        category="UserInfo"
        error={files.error}
        required
      />
      <DateField
        name={validUntil.name}
        label={t('improveInfo.idDocument.validUntil')}
        hint={t('improveInfo.idDocument.validHint')}
        value={validUntil.value}
        min={today}
        max={addMonths(today, 12 * ID_VALID_MAX_YEARS)}
        onChange={validUntil.onChange}
        error={validUntil.error}
        longTerm
        required
      />
    </>
  );
}
