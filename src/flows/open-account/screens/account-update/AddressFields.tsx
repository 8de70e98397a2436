/**
 * One address of the address editor (the residence on /editAddress, the mailing address on /editAddressDetails): the
 * country (picker), the city (not for HK or MO), the detailed address and its proof files, with the domain's rules.
 */
import { useState } from 'react';
import { ADDRESS_PRIORITY } from '@core/domain/countries';
import { CITY_OPTIONAL_COUNTRIES, MAX_LEN } from '@core/domain/identity';
import { addressPartIssues, type AddressPart } from '@core/domain/account-update';
import { MAX_FILES } from '@core/domain/uploads';
import { useT } from '@core/i18n';
import { FieldGroup } from '@core/ui/form/FieldGroup';
import { SelectField } from '@core/ui/form/SelectField';
import { TextField } from '@core/ui/form/TextField';
import { CountryPicker } from '@core/ui/pickers/CountryPicker';
import { useCountryName } from '@core/ui/pickers/country-names';
import { FileUploader } from '@core/ui/uploader/FileUploader';
import type { AddressForm } from './address-draft';

const PROOF = { residential: 'residence', mailing: 'mailing' } as const;

export function AddressFields({ part, form, onChange, showErrors }: { part: AddressPart; form: AddressForm; onChange: (f: AddressForm) => void; showErrors: boolean }) {
  const t = useT();
  const countryName = useCountryName();
  const [picker, setPicker] = useState(false);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const issues = addressPartIssues(form, part);
  const touch = (f: string) => setTouched((s) => new Set(s).add(f));
  const errorOf = (field: string) => {
    if (!showErrors && !touched.has(field)) return undefined;
    const rule = issues.find((i) => i.field === field)?.rule;
    return rule ? t(`rules.${rule}`, { max: field.endsWith('City') ? MAX_LEN.city : field.startsWith('proof') ? MAX_FILES.default : MAX_LEN.address }) : undefined;
  };
  const k = {
    country: `${part}AddressCountry`,
    city: `${part}AddressCity`,
    address: `${part}Address`,
    proof: `proofOfAddress.${PROOF[part]}`,
  } as const;
  const country = form[k.country as 'residentialAddressCountry'];
  const set = (field: string, value: string) => {
    onChange({ ...form, [field]: value });
    touch(field);
  };
  const proofs = form.proofOfAddress[PROOF[part]];
  return (
    <FieldGroup>
      <SelectField
        name={k.country}
        label={t('accountUpdate.address.country')}
        value={country ? countryName(country) : ''}
        placeholder={t('accountUpdate.choose')}
        onClick={() => setPicker(true)}
        error={errorOf(k.country)}
        required
      />
      <TextField
        name={k.city}
        label={t('accountUpdate.address.city')}
        value={form[k.city as 'residentialAddressCity']}
        onChange={(v) => onChange({ ...form, [k.city]: v })}
        onBlur={() => touch(k.city)}
        error={errorOf(k.city)}
        placeholder={t('address.cityPlaceholder')}
        maxLength={MAX_LEN.city}
        required={!CITY_OPTIONAL_COUNTRIES.includes(country)}
        autoComplete={part === 'residential' ? 'address-level2' : 'off'}
      />
      <TextField
        name={k.address}
        label={t('accountUpdate.address.address')}
        value={form[k.address as 'residentialAddress']}
        onChange={(v) => onChange({ ...form, [k.address]: v })}
        onBlur={() => touch(k.address)}
        error={errorOf(k.address)}
        placeholder={t('address.addressPlaceholder')}
        maxLength={MAX_LEN.address}
        multiline
        required
        autoComplete={part === 'residential' ? 'street-address' : 'off'}
      />
      <FileUploader
        name={`proof-${part}`}
        label={t(part === 'residential' ? 'accountUpdate.address.proofResidence' : 'accountUpdate.address.proofMailing')}
        value={proofs}
        onChange={(files) => {
          onChange({ ...form, proofOfAddress: { ...form.proofOfAddress, [PROOF[part]]: files } });
          touch(k.proof);
        }}
        max={MAX_FILES.default}
        category="UserApply"
        accept="pdfOrImage"
        hint={t('accountUpdate.address.proofHint')}
        error={errorOf(k.proof)}
        required
      />
      <CountryPicker
        visible={picker}
        title={t('accountUpdate.address.country')}
        onClose={() => setPicker(false)}
        onSelect={(code) => set(k.country, code)}
        priority={ADDRESS_PRIORITY}
        value={country}
      />
    </FieldGroup>
  );
}
