/** The /ProofAddress form's values, where they start from, and the PROOFADDRESS data they become. */
import { defaultResidenceCountry } from '@core/domain/countries';
import { at } from '@core/domain/step-rules/types';
import { hasChinese, residenceAddressOf } from '@core/domain/steps/proof-address';
import { isFileRef, type FileRefData } from '@core/domain/uploads';

export interface AddressForm {
  country: string;
  city: string;
  address: string;
  /** the "mailing address same as residence" box */
  same: boolean;
  files: FileRefData[];
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** The draft if one was left, else the saved step, else empty with the box ticked (the country from the ID card). */
export function initialAddressForm(source: Record<string, unknown> | undefined, ctx?: { saved: { HK_IDCARD?: Record<string, unknown> } }): AddressForm {
  const src = source ?? {};
  const files = at(src, 'documentInfo.proofOfAddress');
  return {
    country: text(at(src, 'contactInfo.residentialAddressCountry')) || (source ? '' : defaultResidenceCountry(ctx?.saved.HK_IDCARD)),
    city: text(at(src, 'contactInfo.residentialAddressCity')),
    address: text(at(src, 'contactInfo.residentialAddress')),
    same: at(src, 'contactInfo.mailingSameResidential') !== 0,
    files: Array.isArray(files) ? files.filter(isFileRef) : [],
  };
}

/**
 * The W-8BEN residence address the page can work out itself: the address as typed, upper case, on one line.
 * An address with Chinese characters needs the service's rendering (KYCKeyValue type 4): null.
 */
export const localResidenceAddress = (address: string): string | null => (hasChinese(address) ? null : residenceAddressOf(address));

/** The PROOFADDRESS step data (spec part 1 §3 "Contact info"): the mailing address is the residence. */
export function toProofAddressData(f: AddressForm, residenceAddress: string): Record<string, unknown> {
  const address = f.address.trim();
  const city = f.city.trim();
  return {
    contactInfo: {
      residentialAddress: address,
      residentialAddressCountry: f.country,
      residentialAddressCity: city,
      mailingAddress: address,
      mailingAddressCountry: f.country,
      mailingAddressCity: city,
      mailingSameResidential: f.same ? 1 : 0,
    },
    documentInfo: { proofOfAddress: f.files },
    w8Info: { residenceAddress },
  };
}
