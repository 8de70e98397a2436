import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Res } from '@core/domain';
import { projectRoot, type Config } from '../../config';
import type { AppDeps } from '../../plugins/context';
import { ping } from './repository';

let version: string | undefined;
export function appVersion(): string {
  version ??= (JSON.parse(readFileSync(join(projectRoot(), 'package.json'), 'utf8')) as { version: string }).version;
  return version;
}

export async function health(deps: AppDeps) {
  await ping(deps.db);
  return { status: 'ok' as const, version: appVersion(), db: deps.db.kind, time: new Date(deps.clock.now()).toISOString() };
}

export function clientConfig(config: Config): Res<'clientConfig'> {
  return {
    memberPageUrl: config.memberPageUrl,
    appDownloadUrl: config.appDownloadUrl,
    servicePhones: { mainland: config.servicePhones.mainland, hongKong: config.servicePhones.hongKong },
    production: config.production,
    derivativeForm: config.derivativeForm,
    derivativeEvidence: config.derivativeEvidence,
    riskAuthChannels: config.riskAuthChannels,
    depositPageUrl: config.depositPageUrl,
    transferInUrl: config.transferInUrl,
    communityQrUrl: config.communityQrUrl,
  };
}
