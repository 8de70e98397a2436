/**
 * /TaxInfo — tax residences and the W-8BEN (spec part 2 §2 "Tax information and W-8BEN", §3 "Tax", §4 "Tax",
 * §5 "Tax", §7 address translation): up to 5 tax residences (country and tax number, no country twice, delete
 * after a confirmation), each with up to 3 files unless its number is the applicant's identity document number;
 * the mainland applicant's first row is CN with the ID card number (fixed); a non-permanent Hong Kong resident
 * declares two rows, the first from the countries of the identity documents with that document's number. The
 * W-8BEN country defaults to the nationality and its address to the residence address in English (the mainland
 * ID address rendered by KYCKeyValue type 4). A help dialog opens on the first visit on this device
 * (bridge storage `taxPopup`) and from the link under the intro.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { translateAddress } from '@core/api';
import { bridge, STORAGE_KEY } from '@core/bridge';
import { STEP_INTRO_KEY } from '@core/domain/steps';
import { useT } from '@core/i18n';
import { markFirst } from '@core/form/mark';
import type { Binding } from '@core/form/use-rule-form';
import { AddTaxRow, TaxRowFields, TaxRowFrame } from '@core/form/sections/TaxRows';
import { CheckboxRow, ConfirmDialog, CountryPicker, FieldGroup, FileUploader, SelectField, StepPage, toast, useCountryName, W8AddressField } from '@core/ui';
import type { ApplicationView } from '@core/domain/contract';
import { cleanTaxNumber, identityDocuments, MAX_TAX_FILES, MAX_TAX_ROWS, taxNumberMax } from '@core/domain/profile';
import { w8Address } from '@core/domain/w8-address';
import { stepSourceOf } from '@core/domain/step-rules';
import type { FileRefData } from '@core/domain/uploads';
import { WithApplication } from '@core/app/flow-kit/WithApplication';
import { useStepPage } from '@core/step-engine';
import {
  documentNumber,
  emptyRow,
  FIELD,
  identityCountries,
  repeatedNumber,
  rowAccess,
  rowNeedsFile,
  STEP,
  startTaxForm,
  taxDataOf,
  taxLimitsOf,
  w8AddressSource,
  type RowAccess,
  type TaxForm,
  type TaxRow,
} from './tax-info-data';
import './tax-info.css';

/** Countries a W-8BEN cannot name: a US citizen is a US person (who files a W-9 and cannot open online). */
const W8_EXCLUDED = ['US'];

export default function TaxInfoScreen() {
  const t = useT();
  return <WithApplication title={t('tax.title')} step={STEP}>{(app) => <TaxInfoPage app={app} />}</WithApplication>;
}

function TaxInfoPage({ app }: { app: ApplicationView }) {
  const t = useT();
  const countryName = useCountryName();
  const limits = useCallback((f: TaxForm) => taxLimitsOf(f, app.clientType), [app.clientType]);
  const page = useStepPage(STEP, app, { initial: startTaxForm, toData: taxDataOf, limits });
  const { form, setForm, flow, ctx, bind, bindAt } = page;
  const formRef = useRef(form);
  formRef.current = form;
  const docs = useMemo(() => identityDocuments(ctx), [ctx]);
  // a new form (neither draft nor saved step): its W-8BEN address is worked out below
  const [fresh] = useState(() => stepSourceOf(app.data, STEP) === undefined);
  const [picker, setPicker] = useState<number | 'w8' | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [help, setHelp] = useState(false);
  const [w8Focused, setW8Focused] = useState(false);
  const [translating, setTranslating] = useState(false);
  // a machine translation of the address is never taken as it stands: the applicant checks it (or edits it)
  const [generated, setGenerated] = useState(() => {
    const source = fresh ? w8AddressSource(ctx) : null;
    return !!source && 'value' in source && !!source.value && !!source.generated;
  });
  const [checkedGenerated, setCheckedGenerated] = useState(false);
  // Next was tapped with the machine's address not checked: the box says so
  const [askCheck, setAskCheck] = useState(false);
  const [focusRow, setFocusRow] = useState<string | null>(null);

  const numberMax = taxNumberMax(app.clientType);

  // the first visit on this device opens the help
  useEffect(() => {
    let live = true;
    bridge.storage.get(STORAGE_KEY.taxPopup).then(
      (seen) => live && seen !== '1' && setHelp(true),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  // a new form's W-8BEN address: the mainland ID address in English (KYCKeyValue type 4)
  useEffect(() => {
    if (!fresh) return;
    const source = w8AddressSource(ctx);
    if (!('translate' in source)) return;
    const abort = new AbortController();
    setTranslating(true);
    translateAddress(source.translate, abort.signal)
      .then((english) => {
        // the applicant may have typed meanwhile: their text stays, and is theirs
        if (formRef.current.w8Address) return;
        setForm((f) => (f.w8Address ? f : { ...f, w8Address: w8Address(english) }));
        setGenerated(true);
      })
      .catch((err) => !abort.signal.aborted && console.warn('W-8BEN address translation failed', err))
      .finally(() => !abort.signal.aborted && setTranslating(false));
    return () => abort.abort();
    // once per visit, for the form the visit started with
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // a new row gets the focus (its country button)
  useEffect(() => {
    if (!focusRow) return;
    document.querySelector<HTMLElement>(`[data-row="${focusRow}"] .esop-field__select`)?.focus();
    setFocusRow(null);
  }, [focusRow]);

  const closeHelp = () => {
    setHelp(false);
    void bridge.storage.set(STORAGE_KEY.taxPopup, '1');
  };

  // the rows as a whole: a change (a row added, removed, its country) drops the service's issues of the rows, which go by position
  const rows = bindAt(FIELD.rows, form.rows, (next: TaxRow[]) => setForm((f) => ({ ...f, rows: next })));
  const updateRow = (i: number, patch: Partial<TaxRow>) => setForm((f) => ({ ...f, rows: f.rows.map((r, j) => (j === i ? { ...r, ...patch } : r)) }));
  const countryOf = (i: number) => bindAt(FIELD.country(i), form.rows[i]?.country ?? '', (code: string) => updateRow(i, { country: code }));

  const pickCountry = (i: number, code: string) => {
    const row = form.rows[i];
    if (!row || code === row.country) return;
    if (form.rows.some((r, j) => j !== i && r.country === code)) {
      toast.show(t('tax.duplicateCountry'));
      return;
    }
    const access = rowAccess(ctx, i, form.rows.length);
    const patch = access.country === 'identity' ? { country: code, number: documentNumber(ctx, code) } : { country: code };
    rows.onChange(form.rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
    countryOf(i).onBlur();
  };

  const addRow = () => {
    if (form.rows.length >= MAX_TAX_ROWS) return;
    const row = emptyRow();
    rows.onChange([...form.rows, row]);
    setFocusRow(row.id);
  };

  const removeRow = (i: number) => {
    const gone = form.rows[i];
    setDeleting(null);
    if (!gone) return;
    rows.onChange(form.rows.filter((r) => r.id !== gone.id));
  };

  const w8CountryField = bind('w8Country', { field: FIELD.w8Country, touchOnChange: true });
  const w8AddressField = bind('w8Address', { field: FIELD.w8Address });

  const onNext = () => {
    if (generated && !checkedGenerated) {
      // the machine's address is not checked yet: the fields' issues first, else the box is marked and focused
      setAskCheck(true);
      if (!page.check()) return;
      markFirst(['w8Checked'], t('tax.w8.checkFirst'));
      return;
    }
    void page.next();
  };

  // cleaned as typed (W8AddressField): what is left to say waits until the field is left
  const w8Error = w8Focused ? undefined : w8AddressField.error;
  const pickerRow = typeof picker === 'number' ? picker : null;
  const pickerAccess = pickerRow !== null ? rowAccess(ctx, pickerRow, form.rows.length) : null;
  const deletingRow = deleting !== null ? form.rows[deleting] : undefined;

  return (
    <StepPage
      title={t('tax.title')}
      intro={t(STEP_INTRO_KEY[STEP])}
      progress={flow.progress}
      onBack={() => void page.back()}
      onNext={onNext}
      nextLoading={flow.isSaving}
      className="esop-tax"
    >
      <div className="esop-tax__intro">
        <button type="button" className="esop-tax__help" aria-haspopup="dialog" onClick={() => setHelp(true)}>
          <HelpIcon />
          {t('tax.help.open')}
        </button>
      </div>

      {form.rows.map((row, i) => (
        <TaxRowCard
          key={row.id}
          row={row}
          index={i}
          access={rowAccess(ctx, i, form.rows.length)}
          needsFile={rowNeedsFile(row, docs)}
          numberMax={numberMax}
          countryName={countryName(row.country)}
          mainland={app.clientType === 'cn'}
          country={countryOf(i)}
          number={bindAt(FIELD.number(i), row.number, (v: string) => updateRow(i, { number: v }), { map: (v) => cleanTaxNumber(v, app.clientType) })}
          files={bindAt(FIELD.files(row.country), row.files, (files: FileRefData[]) => updateRow(i, { files }), { touchOnChange: true })}
          onPickCountry={() => setPicker(i)}
          onNumberBlur={() => {
            if (repeatedNumber(form.rows, i)) toast.show(t('tax.repeatedNumber'));
          }}
          onDelete={() => setDeleting(i)}
        />
      ))}
      {rows.error ? (
        <p className="esop-field__error esop-tax__rows-error" data-name={rows.name}>
          {rows.error}
        </p>
      ) : null}

      <AddTaxRow count={form.rows.length} onAdd={addRow} label={t('tax.add')} limit={t('tax.addLimit', { max: MAX_TAX_ROWS })} />

      <FieldGroup title={t('tax.w8.title')} className="esop-tax__w8">
        <p className="esop-tax__w8-intro">{t('tax.w8.intro')}</p>
        <SelectField
          name={w8CountryField.name}
          label={t('tax.w8.country')}
          value={countryName(form.w8Country)}
          onClick={() => setPicker('w8')}
          error={w8CountryField.error}
          required
        />
        <W8AddressField
          name={w8AddressField.name}
          label={t('tax.w8.address')}
          value={form.w8Address}
          onChange={(value) => {
            w8AddressField.onChange(value);
            setGenerated(false); // typed by the applicant: theirs
          }}
          onFocus={() => setW8Focused(true)}
          onBlur={() => {
            setW8Focused(false);
            w8AddressField.onBlur();
          }}
          error={w8Error}
          hint={translating ? t('tax.w8.translating') : generated ? t('tax.w8.generatedHint') : t('tax.w8.addressHint')}
          required
        />
        {generated ? (
          <CheckboxRow name="w8Checked" checked={checkedGenerated} onChange={setCheckedGenerated} error={askCheck && !checkedGenerated ? t('tax.w8.checkFirst') : undefined}>
            {t('tax.w8.checked')}
          </CheckboxRow>
        ) : null}
      </FieldGroup>

      <CountryPicker
        visible={pickerRow !== null}
        title={t('tax.row.countryPicker')}
        onClose={() => setPicker(null)}
        onSelect={(code) => pickerRow !== null && pickCountry(pickerRow, code)}
        only={pickerAccess?.country === 'identity' ? identityCountries(ctx) : undefined}
        value={pickerRow !== null ? form.rows[pickerRow]?.country : undefined}
      />
      <CountryPicker
        visible={picker === 'w8'}
        title={t('tax.w8.countryPicker')}
        onClose={() => setPicker(null)}
        onSelect={w8CountryField.onChange}
        exclude={W8_EXCLUDED}
        value={form.w8Country}
      />
      <ConfirmDialog
        visible={deleting !== null}
        title={t('tax.delete.title')}
        message={deletingRow?.country ? t('tax.delete.message', { country: countryName(deletingRow.country) }) : t('tax.delete.messageEmpty')}
        confirmText={t('tax.delete.ok')}
        onConfirm={() => deleting !== null && removeRow(deleting)}
        onCancel={() => setDeleting(null)}
      />
      <ConfirmDialog
        visible={help}
        title={t('tax.help.title')}
        message={
          <div className="esop-tax__help-text">
            <dl>
              {(['residence', 'tin', 'w8'] as const).map((k) => (
                <div key={k}>
                  <dt>{t(`tax.help.${k}Title`)}</dt>
                  <dd>{t(`tax.help.${k}`)}</dd>
                </div>
              ))}
            </dl>
            <p>{t('tax.help.crs')}</p>
          </div>
        }
        confirmText={t('tax.help.ok')}
        showCancel={false}
        onConfirm={closeHelp}
        onCancel={closeHelp}
      />
    </StepPage>
  );
}

interface TaxRowCardProps {
  row: TaxRow;
  index: number;
  access: RowAccess;
  needsFile: boolean;
  numberMax: number;
  countryName: string;
  mainland: boolean;
  country: Binding<string>;
  number: Binding<string>;
  files: Binding<FileRefData[]>;
  onPickCountry: () => void;
  onNumberBlur: () => void;
  onDelete: () => void;
}

/** One tax residence: its heading (and delete button), country, tax number and files. */
function TaxRowCard({ row, index, access, needsFile, numberMax, countryName, mainland, country, number, files, onPickCountry, onNumberBlur, onDelete }: TaxRowCardProps) {
  const t = useT();
  const n = index + 1;
  const countryHint = access.country === 'identity' ? t('tax.row.identityHint') : access.country === 'fixed' && mainland ? t('tax.row.cnHint') : undefined;
  return (
    <TaxRowFrame
      title={t('tax.row.title', { n })}
      rowId={row.id}
      remove={access.deletable ? { text: t('tax.row.delete'), name: t('tax.row.deleteName', { n }), onDelete, opensDialog: true } : undefined}
    >
      <TaxRowFields
        country={country}
        countryName={countryName}
        onPickCountry={onPickCountry}
        countryReadOnly={access.country === 'fixed'}
        countryHint={countryHint}
        number={{
          ...number,
          onBlur: () => {
            number.onBlur();
            onNumberBlur();
          },
        }}
        numberMax={numberMax}
        numberReadOnly={access.numberFixed}
        numberHint={access.numberFixed ? undefined : t('tax.row.numberHint', { max: numberMax })}
        labels={{ country: t('tax.row.country'), number: t('tax.row.number') }}
      />
      {needsFile ? (
        <FileUploader
          name={files.name}
          label={t('tax.row.files')}
          value={files.value}
          onChange={files.onChange}
          max={MAX_TAX_FILES}
          category="UserApply"
          accept="pdfOrImage"
          hint={t('tax.row.filesHint')}
          error={files.error}
          required
        />
      ) : (
        <p className="esop-tax__no-file" role="note">
          {t('tax.row.noFile')}
        </p>
      )}
    </TaxRowFrame>
  );
}

function HelpIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M9.5 9.5a2.5 2.5 0 1 1 3.6 2.2c-.7.4-1.1.9-1.1 1.7v.3" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      <circle cx="12" cy="17" r="1.1" fill="currentColor" />
    </svg>
  );
}
