/**
 * An applicant set up through the service rather than the screens: logged in with an app token (the ops CLI),
 * an application started and its steps before `until` saved with valid data (prefill.ts); the session cookies
 * are handed to the browser context, so the journey goes on in the browser from the step `until`.
 */
import type { BrowserContext } from 'playwright-core';
import type { StepName } from '../../src/core/domain/steps';
import { ApiClient } from './api-client';
import { ops, type Service } from './harness';
import { prefillSteps, type PrefillOptions } from './prefill';

export interface ApplicantOptions extends PrefillOptions {
  type: 'cn' | 'hk';
  phone: string;
  area?: string;
  /** the first step left for the browser */
  until: StepName;
  aecode?: string;
  channel?: string;
  /** sent with every call of the set-up (e.g. a phone's User-Agent, which the signature's evidence records) */
  headers?: Record<string, string>;
}

export async function applicantAt(service: Service, context: BrowserContext, o: ApplicantOptions): Promise<{ client: ApiClient; appId: string }> {
  const client = new ApiClient(service.base, o.headers ? { headers: o.headers } : {});
  const token = await ops(service, 'app-token', o.phone, '--area', o.area ?? '852');
  await client.call('tokenLogin', { t: token });
  const started = await client.call<{ appId: string }>('applyStart', {
    oaType: o.type === 'cn' ? 1 : 2,
    ...(o.aecode ? { aecode: o.aecode } : {}),
    ...(o.channel ? { channel: o.channel } : {}),
  });
  await prefillSteps(client, started.appId, o.until, o);
  const host = new URL(service.base).hostname;
  await context.addCookies(
    ['esop_sid', 'esop_in'].flatMap((name) => {
      const value = client.cookie(name);
      return value ? [{ name, value, domain: host, path: '/' }] : [];
    }),
  );
  return { client, appId: started.appId };
}
