/**
 * One address of the address editor (the residence on /editAddress, the mailing address on /editAddressDetails): the
 * country (picker), the city (not for HK or MO), the detailed address and its proof files, with the domain's rules
 * (addressPartIssues) through the screen's form kit: each field by bind / bindAt, no error logic of its own.
 */
import { useState } from 'react';
import { ADDRESS_PRIORITY } from '@core/domain/countries';
import { CITY_OPTIONAL_COUNTRIES, MAX_LEN } from '@core/domain/identity';
import { addressPartIssues, type AddressPart } from '@core/domain/account-update';
import { MAX_FILES } from '@core/domain/uploads';
import type { FieldLimits } from '@core/form/field-errors';
import type { RuleForm } from '@core/form/use-rule-form';
import { useT } from '@core/i18n';
import { FieldGroup } from '@core/ui/form/FieldGroup';
import { SelectField } from '@core/ui/form/SelectField';
import { TextField } from '@core/ui/form/TextField';
import { CountryPicker } from '@core/ui/pickers/CountryPicker';
import { useCountryName } from '@core/ui/pickers/country-names';
import { FileUploader } from '@core/ui/uploader/FileUploader';
import type { AddressForm } from './address-draft';

const PROOF = { residential: 'residence', mailing: 'mailing' } as const;

/** The {max} of the address fields' messages, for both parts. */
export const ADDRESS_LIMITS: FieldLimits = {
  residentialAddressCity: MAX_LEN.city,
  mailingAddressCity: MAX_LEN.city,
  residentialAddress: MAX_LEN.address,
  mailingAddress: MAX_LEN.address,
  residentialAddressCountry: MAX_LEN.address,
  mailingAddressCountry: MAX_LEN.address,
  'proofOfAddress.residence': MAX_FILES.default,
  'proofOfAddress.mailing': MAX_FILES.default,
};

/** The rules of one part of the address form (the domain's), for the screen's useRuleForm. */
export const addressRules = (part: AddressPart) => (form: AddressForm) => addressPartIssues(form, part);

/** The proof files' field of a part (the validator's field, the uploader's data-name). */
export const proofField = (part: AddressPart) => `proofOfAddress.${PROOF[part]}` as const;

/** One part of the address form, wired through the screen's form kit (each field by bind / bindAt). */
export function AddressFields({ part, kit }: { part: AddressPart; kit: Pick<RuleForm<AddressForm>, 'form' | 'setForm' | 'bind' | 'bindAt'> }) {
  const t = useT();
  const countryName = useCountryName();
  const [picker, setPicker] = useState(false);
  const { form, bind, bindAt, setForm } = kit;
  const countryField = bind(`${part}AddressCountry`, { touchOnChange: true });
  const country = countryField.value;
  const proofs = bindAt(proofField(part), form.proofOfAddress[PROOF[part]], (files: AddressForm['proofOfAddress']['residence']) => setForm((f) => ({ ...f, proofOfAddress: { ...f.proofOfAddress, [PROOF[part]]: files } })), { touchOnChange: true });
  return (
    <FieldGroup>
      <SelectField
        name={countryField.name}
        label={t('accountUpdate.address.country')}
        value={country ? countryName(country) : ''}
        placeholder={t('accountUpdate.choose')}
        onClick={() => setPicker(true)}
        error={countryField.error}
        required
      />
      <TextField
        {...bind(`${part}AddressCity`)}
        label={t('accountUpdate.address.city')}
        placeholder={t('address.cityPlaceholder')}
        maxLength={MAX_LEN.city}
        required={!CITY_OPTIONAL_COUNTRIES.includes(country)}
        autoComplete={part === 'residential' ? 'address-level2' : 'off'}
      />
      <TextField
        {...bind(`${part}Address`)}
        label={t('accountUpdate.address.address')}
        placeholder={t('address.addressPlaceholder')}
        maxLength={MAX_LEN.address}
        multiline
        required
        autoComplete={part === 'residential' ? 'street-address' : 'off'}
      />
      <FileUploader
        name={proofs.name}
        label={t(part === 'residential' ? 'accountUpdate.address.proofResidence' : 'accountUpdate.address.proofMailing')}
        value={proofs.value}
        onChange={proofs.onChange}
        max={MAX_FILES.default}
        category="UserApply"
        accept="pdfOrImage"
        hint={t('accountUpdate.address.proofHint')}
        error={proofs.error}
        required
      />
      <CountryPicker
        visible={picker}
        title={t('accountUpdate.address.country')}
        onClose={() => setPicker(false)}
        onSelect={countryField.onChange}
        priority={ADDRESS_PRIORITY}
        value={country}
      />
    </FieldGroup>
  );
}
