/**
 * The address editor's unsaved form while the client moves between /editAddress and /editAddressDetails (the mailing
 * address): in this page's memory only, per sub-account, and cleared once saved or abandoned. Identity data never goes
 * to the browser's storage; a reload starts again from the update (or the account).
 */
import { MAILING, type AddressData } from '@core/domain/account-update';
import type { FileRefData } from '@core/domain/uploads';

export interface AddressForm extends AddressData {
  proofOfAddress: { residence: FileRefData[]; mailing: FileRefData[] };
}

const drafts = new Map<string, AddressForm>();

export const addressDraft = {
  get: (sub: string): AddressForm | undefined => drafts.get(sub),
  set: (sub: string, form: AddressForm): void => void drafts.set(sub, form),
  clear: (sub: string): void => void drafts.delete(sub),
};

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const files = (v: unknown): FileRefData[] => (Array.isArray(v) ? (v as FileRefData[]) : []);

/**
 * Where the editor starts without a draft: the address saved in this update (with its proofs), else the account's
 * address without proofs (a changed address needs new ones).
 */
export function startingAddress(saved: Record<string, unknown> | undefined, held: Record<string, unknown> | null): AddressForm {
  const src = saved ?? held ?? {};
  const proof = (saved?.proofOfAddress ?? {}) as { residence?: unknown; mailing?: unknown };
  const different = src.mailingSameResidential === MAILING.DIFFERENT;
  return {
    residentialAddress: text(src.residentialAddress),
    residentialAddressCity: text(src.residentialAddressCity),
    residentialAddressCountry: text(src.residentialAddressCountry),
    mailingSameResidential: different ? MAILING.DIFFERENT : MAILING.SAME,
    mailingAddress: different ? text(src.mailingAddress) : '',
    mailingAddressCity: different ? text(src.mailingAddressCity) : '',
    mailingAddressCountry: different ? text(src.mailingAddressCountry) : '',
    proofOfAddress: { residence: files(proof.residence), mailing: files(proof.mailing) },
  };
}
