import { join } from 'node:path';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { createHttpCa } from './http';
import { createLocalCa } from './local';
import type { CaSettings, CaVendor } from './types';

export type { CaCertificate, CaCertificateRequest, CaSettings, CaVendor } from './types';
export { CaRootError } from './root';

/** The certificate authority the settings choose: the deployment's own (root from settings or the database) unless CA_VENDOR=http. */
export function createCa(settings: CaSettings, db: Db): CaVendor {
  return settings.CA_VENDOR === 'http'
    ? createHttpCa(settings)
    : createLocalCa({ files: settings.root, keysDir: settings.keysDir, name: settings.CA_NAME ?? 'ESOP Signing CA', signingSecret: settings.signingSecret }, db);
}

/** The authority's settings from the service's (the app's vendors and the ops CLI build it alike). */
export const caSettingsOf = (config: Pick<Config, 'ca' | 'caRoot' | 'dataDir' | 'secrets'>): CaSettings => ({
  CA_VENDOR: config.ca.vendor,
  CA_HTTP_URL: config.ca.httpUrl,
  CA_HTTP_KEY: config.ca.httpKey,
  CA_NAME: config.ca.name,
  keysDir: join(config.dataDir, 'keys'),
  root: config.caRoot,
  signingSecret: config.secrets.signingSecret,
});
