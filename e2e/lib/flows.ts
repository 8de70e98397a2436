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

/**
 * A one-page PDF the service's parser reads (catalog, page tree, page), with `note` as a comment line: the service
 * checks every PDF for scripts and attached files, so a header and a few bytes no longer pass.
 */
export function pdfFile(note = 'a document'): Buffer {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>'];
  const body = objects.map((o, i) => `${i + 1} 0 obj\n${o}\nendobj\n`).join('');
  return Buffer.from(`%PDF-1.4\n% ${note}\n${body}trailer\n<< /Root 1 0 R /Size 4 >>\n%%EOF\n`, 'latin1');
}

/** A small PNG (8x8, light blue) that decodes: the service re-encodes every image, so a broken one is refused. */
export const TINY_PNG = Uint8Array.from(
  Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000080000000808020000004b6d29dc0000000970485973000003e8000003e801b57b526b' +
      '00000011494441540899633871e91956c430b424007ceaa0019c5b425f0000000049454e44ae426082',
    'hex',
  ),
);
