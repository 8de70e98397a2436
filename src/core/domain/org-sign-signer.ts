/**
 * Which identity document an organisation's signer holds, from the number staff register (ops org-create): a valid
 * mainland resident identity card number (region, birth date, check digit) is 'cnId', anything else 'other'. Kept
 * apart from org-sign.ts so that the signing page, which never needs it, does not carry the ID card rules.
 */
import { parseCnId } from './identity';
import type { SignerIdKind } from './org-sign';

export function signerIdKindOf(raw: string, today: string): SignerIdKind {
  return parseCnId(raw, today).ok ? 'cnId' : 'other';
}
