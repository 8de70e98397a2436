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
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { translateAddress } from '@core/api';
import { bridge, STORAGE_KEY } from '@core/bridge';
import { useT } from '@core/i18n';
import { CheckboxRow, ConfirmDialog, CountryPicker, FieldGroup, FileUploader, SelectField, StepPage, TextField, toast, useCountryName, W8AddressField } from '@core/ui';
import type { ApplicationView } from '@core/domain/contract';
import { cleanTaxNumber, identityDocuments, MAX_TAX_FILES, MAX_TAX_ROWS, taxNumberMax } from '@core/domain/profile';
import { w8Address } from '@core/domain/w8-address';
import { stepSourceOf } from '@core/domain/step-rules';
import type { FileRefData } from '@core/domain/uploads';
import { WithApplication } from '../../components/WithApplication';
import { useStepPage, type FieldErrors } from '@core/step-engine';
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
  return <WithApplication title={t('tax.title')}>{(app) => <TaxInfoPage app={app} />}</WithApplication>;
}

function TaxInfoPage({ app }: { app: ApplicationView }) {
  const t = useT();
  const countryName = useCountryName();
  const limits = useCallback((f: TaxForm) => taxLimitsOf(f, app.clientType), [app.clientType]);
  const page = useStepPage(STEP, app, { initial: startTaxForm, toData: taxDataOf, limits });
  const { form, setForm, errors, flow, ctx } = page;
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

  const updateRow = (i: number, patch: Partial<TaxRow>) => setForm((f) => ({ ...f, rows: f.rows.map((r, j) => (j === i ? { ...r, ...patch } : r)) }));

  const pickCountry = (i: number, code: string) => {
    const row = form.rows[i];
    if (!row || code === row.country) return;
    if (form.rows.some((r, j) => j !== i && r.country === code)) {
      toast.show(t('tax.duplicateCountry'));
      return;
    }
    const access = rowAccess(ctx, i, form.rows.length);
    updateRow(i, access.country === 'identity' ? { country: code, number: documentNumber(ctx, code) } : { country: code });
    errors.changed(FIELD.country(i), FIELD.number(i), FIELD.files(row.country), FIELD.files(code));
    errors.touch(FIELD.country(i));
  };

  const addRow = () => {
    if (form.rows.length >= MAX_TAX_ROWS) return;
    const row = emptyRow();
    setForm((f) => ({ ...f, rows: [...f.rows, row] }));
    setFocusRow(row.id);
  };

  const removeRow = (i: number) => {
    const gone = form.rows[i];
    setDeleting(null);
    if (!gone) return;
    // the rows after it move up: their service issues (by position) no longer apply
    errors.changed(FIELD.rows, ...form.rows.flatMap((r, j) => [FIELD.country(j), FIELD.number(j), FIELD.files(r.country)]));
    setForm((f) => ({ ...f, rows: f.rows.filter((r) => r.id !== gone.id) }));
  };

  const setW8Address = (value: string) => {
    setForm((f) => ({ ...f, w8Address: value }));
    setGenerated(false); // typed by the applicant: theirs
    errors.changed(FIELD.w8Address);
  };

  // cleaned as typed (W8AddressField): what is left to say waits until the field is left
  const w8Error = w8Focused ? undefined : errors.errorOf(FIELD.w8Address);
  const pickerRow = typeof picker === 'number' ? picker : null;
  const pickerAccess = pickerRow !== null ? rowAccess(ctx, pickerRow, form.rows.length) : null;
  const deletingRow = deleting !== null ? form.rows[deleting] : undefined;

  return (
    <StepPage
      title={t('tax.title')}
      progress={flow.progress}
      onBack={() => void page.back()}
      onNext={() => void page.next()}
      nextDisabled={!page.canNext || (generated && !checkedGenerated)}
      nextLoading={flow.isSaving}
      className="esop-tax"
    >
      <div className="esop-tax__intro">
        <p>{t('tax.intro')}</p>
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
          errors={errors}
          onPickCountry={() => setPicker(i)}
          onNumber={(v) => {
            updateRow(i, { number: cleanTaxNumber(v, app.clientType) });
            errors.changed(FIELD.number(i), FIELD.files(row.country));
          }}
          onNumberBlur={() => {
            errors.touch(FIELD.number(i));
            if (repeatedNumber(form.rows, i)) toast.show(t('tax.repeatedNumber'));
          }}
          onFiles={(files) => {
            updateRow(i, { files });
            errors.changed(FIELD.files(row.country));
            errors.touch(FIELD.files(row.country));
          }}
          onDelete={() => setDeleting(i)}
        />
      ))}
      {errors.errorOf(FIELD.rows) ? <p className="esop-field__error esop-tax__rows-error">{errors.errorOf(FIELD.rows)}</p> : null}

      {form.rows.length < MAX_TAX_ROWS ? (
        <button type="button" className="esop-tax__add" onClick={addRow}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M12 5v14M5 12h14" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          {t('tax.add')}
        </button>
      ) : (
        <p className="esop-tax__limit" role="note">
          {t('tax.addLimit', { max: MAX_TAX_ROWS })}
        </p>
      )}

      <FieldGroup title={t('tax.w8.title')} className="esop-tax__w8">
        <p className="esop-tax__w8-intro">{t('tax.w8.intro')}</p>
        <SelectField
          name="w8Country"
          label={t('tax.w8.country')}
          value={countryName(form.w8Country)}
          onClick={() => setPicker('w8')}
          error={errors.errorOf(FIELD.w8Country)}
          required
        />
        <W8AddressField
          name="w8Address"
          label={t('tax.w8.address')}
          value={form.w8Address}
          onChange={setW8Address}
          onFocus={() => setW8Focused(true)}
          onBlur={() => {
            setW8Focused(false);
            errors.touch(FIELD.w8Address);
          }}
          error={w8Error}
          hint={translating ? t('tax.w8.translating') : generated ? t('tax.w8.generatedHint') : t('tax.w8.addressHint')}
          required
        />
        {generated ? (
          <CheckboxRow name="w8Checked" checked={checkedGenerated} onChange={setCheckedGenerated}>
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
        onSelect={(code) => {
          setForm((f) => ({ ...f, w8Country: code }));
          errors.changed(FIELD.w8Country);
          errors.touch(FIELD.w8Country);
        }}
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
  errors: FieldErrors;
  onPickCountry: () => void;
  onNumber: (value: string) => void;
  onNumberBlur: () => void;
  onFiles: (files: FileRefData[]) => void;
  onDelete: () => void;
}

/** One tax residence: its heading (and delete button), country, tax number and files. */
function TaxRowCard({ row, index, access, needsFile, numberMax, countryName, mainland, errors, onPickCountry, onNumber, onNumberBlur, onFiles, onDelete }: TaxRowCardProps) {
  const t = useT();
  const headId = useId();
  const n = index + 1;
  const countryHint = access.country === 'identity' ? t('tax.row.identityHint') : access.country === 'fixed' && mainland ? t('tax.row.cnHint') : undefined;
  return (
    <section className="esop-group esop-tax__row" aria-labelledby={headId} data-row={row.id}>
      <div className="esop-tax__row-head">
        <h2 id={headId} className="esop-group__title esop-tax__row-title">
          {t('tax.row.title', { n })}
        </h2>
        {access.deletable ? (
          <button type="button" className="esop-tax__delete" aria-label={t('tax.row.deleteName', { n })} aria-haspopup="dialog" onClick={onDelete}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path
                d="M4 7h16M9 7V4.5h6V7M6.5 7l1 13h9l1-13M10 11v5.5M14 11v5.5"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            {t('tax.row.delete')}
          </button>
        ) : null}
      </div>
      <SelectField
        name={`taxCountry${n}`}
        label={t('tax.row.country')}
        value={countryName}
        onClick={onPickCountry}
        readOnly={access.country === 'fixed'}
        hint={countryHint}
        error={errors.errorOf(FIELD.country(index))}
        required
      />
      <TextField
        name={`taxNumber${n}`}
        label={t('tax.row.number')}
        value={row.number}
        onChange={onNumber}
        onBlur={onNumberBlur}
        readOnly={access.numberFixed}
        hint={access.numberFixed ? undefined : t('tax.row.numberHint', { max: numberMax })}
        error={errors.errorOf(FIELD.number(index))}
        maxLength={numberMax}
        required
      />
      {needsFile ? (
        <FileUploader
          name={`taxFiles${n}`}
          label={t('tax.row.files')}
          value={row.files}
          onChange={onFiles}
          max={MAX_TAX_FILES}
          category="UserApply"
          accept="pdfOrImage"
          hint={t('tax.row.filesHint')}
          error={errors.errorOf(FIELD.files(row.country))}
          required
        />
      ) : (
        <p className="esop-tax__no-file" role="note">
          {t('tax.row.noFile')}
        </p>
      )}
    </section>
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
