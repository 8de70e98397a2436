/** Steps shared by journeys: logging in through the login screen with the code the service printed. */
import type { Page } from 'playwright-core';
import { ops, type Service } from './harness';

export async function loginInBrowser(page: Page, service: Service, phone: string, areaCode = '852'): Promise<void> {
  await page.getByRole('heading', { name: 'Log in with your phone' }).waitFor();
  await page.getByLabel('Country or region code').selectOption(areaCode);
  await page.getByLabel('Mobile number').fill(phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByText('Code sent').waitFor();
  const code = await ops(service, 'code', phone, '--area', areaCode);
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** The stored application of a phone, as `npm run ops -- app <phone> --json` shows it (the ApplicationView). */
export async function appOf(service: Service, phone: string, area = '852'): Promise<Record<string, unknown>> {
  const shown = JSON.parse(await ops(service, 'app', phone, '--area', area, '--json')) as { application: Record<string, unknown> };
  return shown.application;
}

/** A small valid PNG (1x1, red) made here. */
export const TINY_PNG = Uint8Array.from(
  Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108020000009077' + '53de0000000c4944415408d763f8cfc0000003010100c9fe92ef0000000049454e44ae426082', 'hex'),
);
