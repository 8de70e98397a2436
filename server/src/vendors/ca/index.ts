import { createHttpCa } from './http';
import { createLocalCa } from './local';
import type { CaSettings, CaVendor } from './types';

export type { CaCertificate, CaCertificateRequest, CaSettings, CaVendor } from './types';

/** The certificate authority the settings choose (the deployment's own in DATA_DIR/keys unless CA_VENDOR=http). */
export function createCa(settings: CaSettings): CaVendor {
  return settings.CA_VENDOR === 'http' ? createHttpCa(settings) : createLocalCa(settings.keysDir, settings.CA_NAME ?? 'ESOP Signing CA');
}
