/**
 * SIGNATURE: the customerSignature file must be the caller's own UserApply PNG that decodes, within the size
 * limits, with enough dark ink over enough width to be a signature (not blank, not a dot).
 */
import sharp from 'sharp';
import { SIGNATURE_INK_LEVEL, SIGNATURE_MAX_BYTES, SIGNATURE_MAX_SIDE, SIGNATURE_MIN_INK_PIXELS, SIGNATURE_MIN_INK_WIDTH } from '@core/domain';
import type { Issue } from '../../../errors';
import { findOwnedFile } from '../../files';
import type { StepCheck } from './index';

const PATH = 'data.documentInfo.customerSignature';

export const checkSignature: StepCheck = async ({ tx, userId, data, storage }) => {
  const ref = ((data.documentInfo as { customerSignature: Array<{ ossId: string }> }).customerSignature ?? [])[0];
  const row = ref ? await findOwnedFile(tx, userId, ref.ossId) : null;
  if (!row || row.category !== 'UserApply' || row.mime !== 'image/png' || row.size > SIGNATURE_MAX_BYTES) return [{ path: PATH, message: 'fileRequired' }];
  const bytes = await storage.read(row.storage_key);
  return (await inkIssues(bytes)) ? [{ path: PATH, message: 'signatureInk' }] : ([] as Issue[]);
};

/** true when the PNG does not decode, is too large, or has too little ink for a signature */
async function inkIssues(bytes: Buffer): Promise<boolean> {
  try {
    const img = sharp(bytes, { failOn: 'error' });
    const meta = await img.metadata();
    if (!meta.width || !meta.height || meta.width > SIGNATURE_MAX_SIDE || meta.height > SIGNATURE_MAX_SIDE) return true;
    const { data, info } = await img.flatten({ background: '#ffffff' }).greyscale().raw().toBuffer({ resolveWithObject: true });
    let ink = 0;
    let minX = info.width;
    let maxX = -1;
    for (let i = 0; i < data.length; i += info.channels) {
      if (data[i] < SIGNATURE_INK_LEVEL) {
        ink++;
        const x = (i / info.channels) % info.width;
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
      }
    }
    return ink < SIGNATURE_MIN_INK_PIXELS || maxX - minX + 1 < SIGNATURE_MIN_INK_WIDTH;
  } catch {
    return true;
  }
}
