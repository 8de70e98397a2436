/**
 * The agreements of a SIGN save as the page served them (issue 41): each ticked agreement's PDF under
 * static/agreements/<lang>/ (served as-is at agreementPdfPath), its file name, the language and the SHA-256 of its
 * bytes, recorded with the save (signed_agreements) so that the certificate of completion lists what was read then,
 * whatever the folder holds later.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Lang } from '@core/domain';
import { AGREEMENTS, agreementPdfPath, type Agreement } from '@core/domain/closing';
import { projectRoot } from '../../config';
import type { SignedAgreementRow } from './evidence-repository';

/** The SHA-256 (hex) of bytes or a text: what a certificate of completion lists for a file. */
export const sha256hex = (b: Uint8Array | string): string => createHash('sha256').update(b).digest('hex');

/** The ticked agreements' files in the page's language (one the service does not hold is left out: it was not served). */
export async function servedAgreements(ticked: readonly unknown[], lang: Lang, root = projectRoot()): Promise<Omit<SignedAgreementRow, 'at'>[]> {
  const agreements = ticked.filter((a): a is Agreement => (AGREEMENTS as readonly unknown[]).includes(a));
  const rows = await Promise.all(
    agreements.map(async (agreement) => {
      const path = agreementPdfPath(agreement, lang).replace(/^\/pages\/static\//, '');
      const bytes = await readFile(join(root, 'static', ...path.split('/'))).catch(() => null);
      return bytes ? { agreement, file_name: path.split('/').pop()!, lang, sha256: sha256hex(bytes) } : null;
    }),
  );
  return rows.filter((r) => r !== null);
}
