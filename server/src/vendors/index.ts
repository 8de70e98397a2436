/**
 * The outside services the app talks to, each an interface with a local implementation.
 * To add one: extend `Vendors` and build its default in `createVendors`. Tests pass
 * replacements through buildApp({vendors}).
 */
import type { Config } from '../config';
import type { Db } from '../db';
import { consoleSms, httpSms, type SmsSender } from './sms';
import { localAppTokens, type AppTokenVerifier } from '../modules/auth/app-token';

export interface Vendors {
  sms: SmsSender;
  appToken: AppTokenVerifier;
}

export function createVendors(config: Config, db: Db): Vendors {
  return {
    sms: config.sms.vendor === 'http' && config.sms.httpUrl ? httpSms(config.sms.httpUrl) : consoleSms(db),
    appToken: localAppTokens(config.secrets.appTokenSecret),
  };
}
