/**
 * /ProofAddress — proof of address, step 3 of 6 (spec part 1 §2 "Proof of address", §3 "Contact info",
 * §5 "Proof of address"): residence country, city (not for HK or MO), address, the "mailing address same as
 * residence" box (must stay ticked) and up to 3 proof files dated within 3 months, with a sample page.
 * Next shows the full address to confirm; then the W-8BEN residence address is worked out (the service renders
 * an address with Chinese characters in English, KYCKeyValue type 4) and the step is saved (PROOFADDRESS).
 */
import { useState } from 'react';
import { translateAddress, useApiErrorHandler, useClientConfig } from '@core/api';
import { STEP_INTRO_KEY } from '@core/domain/steps';
import { useT } from '@core/i18n';
import { CheckboxRow, ConfirmDialog, CountryPicker, FieldGroup, FileUploader, SamplePopup, SelectField, StepPage, TextField, useCountryName } from '@core/ui';
import type { ApplicationView } from '@core/domain/contract';
import { ADDRESS_PRIORITY } from '@core/domain/countries';
import { CITY_OPTIONAL_COUNTRIES, MAX_LEN } from '@core/domain/identity';
import type { FieldIssue } from '@core/domain/step-rules';
import { MAX_FILES } from '@core/domain/uploads';
import { WithApplication } from '@core/app/flow-kit/WithApplication';
import { useStepPage } from '@core/step-engine';
import { initialAddressForm, localResidenceAddress, toProofAddressData, type AddressForm } from './proof-address-data';
import { SampleDocuments } from './SampleDocuments';
import './proof-address.css';

const STEP = 'PROOFADDRESS';

const F = {
  country: 'contactInfo.residentialAddressCountry',
  city: 'contactInfo.residentialAddressCity',
  address: 'contactInfo.residentialAddress',
  same: 'contactInfo.mailingSameResidential',
  files: 'documentInfo.proofOfAddress',
  w8: 'w8Info.residenceAddress',
} as const;

const LIMITS = { [F.city]: MAX_LEN.city, [F.address]: MAX_LEN.address, [F.files]: MAX_FILES.default };
/** the city's rule follows the country, the W-8BEN residence address the address */
const LINKED = { country: [F.city], address: [F.w8] };
/**
 * An address with Chinese characters is rendered in English by the service after the confirmation: until then its
 * W-8BEN residence address is not asked of the page.
 */
const shownIssue = (i: FieldIssue, f: AddressForm) => i.field !== F.w8 || localResidenceAddress(f.address) !== null;
/** the data before the confirmation: the W-8BEN residence address when the address is in Latin letters */
const draftData = (f: AddressForm) => toProofAddressData(f, localResidenceAddress(f.address) ?? '');

export default function ProofAddressScreen() {
  const t = useT();
  return <WithApplication title={t('address.title')} step={STEP}>{(app) => <ProofAddressPage app={app} />}</WithApplication>;
}

function ProofAddressPage({ app }: { app: ApplicationView }) {
  const t = useT();
  const countryName = useCountryName();
  const config = useClientConfig();
  const onApiError = useApiErrorHandler();
  const page = useStepPage(STEP, app, { initial: initialAddressForm, toData: draftData, limits: LIMITS, filterIssues: shownIssue, linked: LINKED });
  const { form, set, bind, bindAt, flow } = page;
  const [picker, setPicker] = useState(false);
  const [samples, setSamples] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [rendering, setRendering] = useState(false);

  // the country and the address also clear the service's issue of the field that depends on them (LINKED), unmarked
  const country = bindAt(F.country, form.country, (v: string) => set('country', v), { touchOnChange: true });
  const address = bindAt(F.address, form.address, (v: string) => set('address', v));
  // the W-8BEN residence address is the address's: its error shows, and its mark lands, on the address
  const w8 = bindAt(F.w8, form.address, address.onChange);
  const local = localResidenceAddress(form.address);

  const confirm = async () => {
    if (rendering) return;
    setRendering(true);
    let residence: string;
    try {
      residence = (local ?? (await translateAddress(form.address))).toUpperCase();
    } catch (err) {
      setRendering(false);
      setConfirming(false);
      onApiError(err);
      return;
    }
    setRendering(false);
    setConfirming(false);
    await page.next(toProofAddressData(form, residence));
  };

  const cityOptional = CITY_OPTIONAL_COUNTRIES.includes(form.country);
  const servicePhone = config.data?.servicePhones.hongKong;
  const same = bind('same', { field: F.same });

  return (
    <StepPage
      title={t('address.title')}
      intro={t(STEP_INTRO_KEY[STEP])}
      progress={flow.progress}
      onBack={() => void page.back()}
      onNext={() => {
        if (page.check()) setConfirming(true);
      }}
      nextLoading={flow.isSaving || rendering}
      className="esop-address"
    >
      <FieldGroup>
        <SelectField {...country} label={t('address.country')} value={countryName(form.country)} onClick={() => setPicker(true)} required />
        <TextField
          {...bind('city', { field: F.city })}
          label={t('address.city')}
          placeholder={t('address.cityPlaceholder')}
          maxLength={MAX_LEN.city}
          required={!cityOptional}
          autoComplete="address-level2"
        />
        <div data-name={w8.name}>
          <TextField
            {...address}
            error={address.error ?? w8.error}
            label={t('address.address')}
            placeholder={t('address.addressPlaceholder')}
            maxLength={MAX_LEN.address}
            multiline
            required
            autoComplete="street-address"
          />
        </div>
        <CheckboxRow name={same.name} checked={same.value} onChange={same.onChange} error={same.error}>
          {t('address.same')}
        </CheckboxRow>
        {!form.same ? (
          <div className="esop-address__tip" role="note">
            <p>{t('address.sameTip')}</p>
            {servicePhone ? (
              <p>
                {t('address.servicePhone')} <a href={`tel:${servicePhone.replace(/[^\d+]/g, '')}`}>{servicePhone}</a>
              </p>
            ) : null}
          </div>
        ) : null}
      </FieldGroup>

      <FieldGroup>
        <FileUploader
          {...bind('files', { field: F.files, touchOnChange: true })}
          label={t('address.proof')}
          max={MAX_FILES.default}
          category="UserApply"
          accept="pdfOrImage"
          hint={t('address.proofHint')}
          required
        />
        <button type="button" className="esop-address__examples" onClick={() => setSamples(true)} aria-haspopup="dialog">
          {t('address.examples')}
        </button>
      </FieldGroup>

      <CountryPicker
        visible={picker}
        title={t('address.countryPicker')}
        onClose={() => setPicker(false)}
        onSelect={country.onChange}
        priority={ADDRESS_PRIORITY}
        value={form.country}
      />
      <SamplePopup visible={samples} title={t('address.samples.title')} onClose={() => setSamples(false)}>
        <SampleDocuments />
      </SamplePopup>
      <ConfirmDialog
        visible={confirming}
        title={t('address.confirm.title')}
        message={t('address.confirm.message')}
        confirmText={t('address.confirm.ok')}
        cancelText={t('address.confirm.edit')}
        confirmLoading={rendering}
        confirmDisabled={rendering}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      >
        <dl className="esop-address__confirm">
          <div>
            <dt>{t('address.confirm.country')}</dt>
            <dd>{countryName(form.country)}</dd>
          </div>
          {form.city.trim() ? (
            <div>
              <dt>{t('address.confirm.city')}</dt>
              <dd>{form.city.trim()}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('address.confirm.address')}</dt>
            <dd>{form.address.trim()}</dd>
          </div>
        </dl>
      </ConfirmDialog>
    </StepPage>
  );
}
