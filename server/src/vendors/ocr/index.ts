import { createHttpOcr } from './http';
import { createLocalOcr, type LocalOcrOptions } from './local';
import type { OcrSettings, OcrVendor } from './types';

export type { BankCardText, IdCardText, OcrSettings, OcrVendor } from './types';
export { createHttpOcr } from './http';
export { createLocalOcr } from './local';

/** The OCR vendor the settings choose (local tesseract.js unless OCR_VENDOR=http). */
export function createOcr(settings: OcrSettings, local: LocalOcrOptions = {}): OcrVendor {
  return settings.OCR_VENDOR === 'http' ? createHttpOcr(settings) : createLocalOcr(local);
}
