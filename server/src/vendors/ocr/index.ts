import { createHttpOcr } from './http';
import type { LocalOcrOptions } from './local';
import type { OcrSettings, OcrVendor } from './types';

export type { BankCardText, HkIdText, IdCardText, OcrSettings, OcrVendor, PassportMrzText } from './types';
export { createHttpOcr } from './http';

/**
 * The local OCR (local.ts), loaded on its first reading: a process that never reads a card (a web process when
 * the jobs run in `npm run worker`) never loads tesseract.js.
 */
export function createLocalOcr(opts: LocalOcrOptions = {}): OcrVendor {
  let real: Promise<OcrVendor> | null = null;
  const load = () => (real ??= import('./local').then((m) => m.createLocalOcr(opts)));
  return {
    name: 'tesseract.js',
    readIdCard: async (card, ctx) => (await load()).readIdCard(card, ctx),
    readHkIdCard: async (card) => (await load()).readHkIdCard(card),
    readPassportMrz: async (page) => (await load()).readPassportMrz(page),
    readBankCard: async (card) => (await load()).readBankCard(card),
    close: async () => {
      if (real) await (await real).close();
    },
  };
}

/** The OCR vendor the settings choose (local tesseract.js unless OCR_VENDOR=http). */
export function createOcr(settings: OcrSettings, local: LocalOcrOptions = {}): OcrVendor {
  return settings.OCR_VENDOR === 'http' ? createHttpOcr(settings) : createLocalOcr(local);
}
