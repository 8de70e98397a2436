import { createHttpAmlVendor } from './http';
import type { AmlSettings, AmlVendor } from './types';

export type { AmlMatch, AmlScreening, AmlSettings, AmlSubject, AmlVendor, MatchKind } from './types';

/**
 * The outside AML screening service when AML_VENDOR=http; null otherwise: the aml module then screens against its own
 * watch list (modules/aml/local-screening.ts), which is feature logic and no vendor's.
 */
export function createAmlVendor(settings: AmlSettings): AmlVendor | null {
  return settings.AML_VENDOR === 'http' ? createHttpAmlVendor(settings) : null;
}
