/**
 * The in-page PDF viewer on /sign and /caApply: a document that answers 404, or 200 with bytes that are not a PDF,
 * says so in the viewer (with a retry) and in the catalogue's toast, and the page stays usable (react-pdf throws every
 * load failure to the nearest error boundary; without one the page was left blank). A document that loads is zoomed
 * with the buttons and a two-finger pinch (Chromium's touch events through CDP) and scrolls sideways when zoomed.
 * /caApply's agree box is not shown while the documents are being made. Screens at 375x667 and 320x568.
 */
import type { Page } from 'playwright-core';
import { CALLS } from '../../src/core/domain/calls-all';
import { applicantAt } from '../lib/applicant';
import { assert, assertClean, newPhone, shot, type Journey, type Phone } from '../lib/harness';

const NOT_A_PDF = Buffer.from('<!doctype html><title>Oops</title><p>not a PDF</p>');
/** the browser's own line for an address that answered 404 (the viewer's boundary logs what it caught as a warning) */
const EXPECTED = [/Failed to load resource: the server responded with a status of 404/];

/** both phone sizes: the same screen at 375x667 and 320x568 */
async function shots(page: Page, name: string): Promise<void> {
  for (const [w, h] of [[375, 667], [320, 568]] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.waitForTimeout(300); // the viewer measures its new width and draws the pages again
    await shot(page, `${name}-${w}`);
  }
  await page.setViewportSize({ width: 375, height: 667 });
}

/** a two-finger pinch on the element, from `from` px apart to `to` px apart (horizontal) */
async function pinch(phone: Phone, selector: string, from: number, to: number): Promise<void> {
  const { page } = phone;
  const box = (await page.locator(selector).boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 3;
  const cdp = await phone.context.newCDPSession(page);
  const points = (d: number) => [
    { x: cx - d / 2, y: cy, id: 1 },
    { x: cx + d / 2, y: cy, id: 2 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: points(from) });
  for (let i = 1; i <= 8; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: points(from + ((to - from) * i) / 8) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

export const journeys: Journey[] = [
  {
    name: 'the PDF viewer on /sign: a missing and a broken agreement leave the list usable; a good one zooms by buttons and pinch',
    async run({ service, browser }) {
      const phone = await newPhone(browser);
      const { context, page } = phone;
      try {
        await applicantAt(service, context, { type: 'hk', phone: process.env.E2E_PHONE_15 ?? '61231501', until: 'SIGN', accountType: 1 });
        await page.route('**/pages/static/agreements/*/clientAgreement.pdf', (r) => r.fulfill({ status: 404, contentType: 'text/plain', body: 'not found' }));
        await page.route('**/pages/static/agreements/*/riskDisclosureStatement.pdf', (r) => r.fulfill({ status: 200, contentType: 'application/pdf', body: NOT_A_PDF }));
        await page.goto(`${service.base}/pages/openAccount.html?lang=en#/sign`);
        await page.getByRole('alertdialog', { name: 'Before you sign' }).getByRole('button', { name: 'I understand' }).click();

        // 404: the toast and the viewer's words with a retry; closed, the list is all there and works
        await page.getByRole('button', { name: /^Client Agreement/ }).click();
        let sheet = page.getByRole('dialog', { name: 'Client Agreement' });
        await sheet.getByText('The file does not exist').waitFor();
        await page.locator('.esop-toast', { hasText: 'The file does not exist' }).waitFor();
        await sheet.getByRole('button', { name: 'Retry' }).waitFor();
        await shots(page, 'pdf-sign-missing');
        await sheet.getByRole('button', { name: 'Close' }).click();
        await page.getByRole('heading', { name: 'Sign the agreements' }).waitFor();
        assert((await page.locator('.esop-sign__doc').count()) >= 4, 'the list of agreements is still there');
        const readAll = page.getByRole('checkbox', { name: /I have read, understood and agree/ });
        await readAll.check();
        assert(await readAll.isChecked(), 'the page still works: the read-all box ticks');

        // bytes that are not a PDF: "failed to load"
        await page.getByRole('button', { name: /^Risk Disclosure Statement/ }).click();
        sheet = page.getByRole('dialog', { name: 'Risk Disclosure Statement' });
        await sheet.getByText('The file failed to load. Please try again.').waitFor();
        await page.locator('.esop-toast', { hasText: 'The file failed to load. Please try again.' }).waitFor();
        await shots(page, 'pdf-sign-corrupt');
        await page.keyboard.press('Escape');
        await page.getByRole('heading', { name: 'Sign the agreements' }).waitFor();

        // a document that loads: 100%, then zoomed by the buttons (drawn at the new size, scrolls sideways), then fit
        await page.getByRole('button', { name: /^Client Money Standing Authority/ }).click();
        sheet = page.getByRole('dialog', { name: 'Client Money Standing Authority' });
        const firstPage = sheet.getByRole('group', { name: 'Page 1 of 1' });
        await firstPage.waitFor({ timeout: 20_000 });
        await sheet.locator('canvas').first().waitFor();
        const bar = sheet.getByRole('toolbar', { name: 'Zoom' });
        await bar.getByRole('status').filter({ hasText: '100%' }).waitFor();
        const fitWidth = (await firstPage.boundingBox())!.width;
        await shots(page, 'pdf-sign-100');
        await bar.getByRole('button', { name: 'Zoom in' }).click();
        await bar.getByRole('button', { name: 'Zoom in' }).click();
        await bar.getByRole('status').filter({ hasText: '150%' }).waitFor();
        await page.waitForFunction((w) => (document.querySelector('.esop-pdf__page canvas')?.getBoundingClientRect().width ?? 0) > w * 1.4, fitWidth);
        const canvasPx = await sheet.locator('canvas').first().evaluate((c: HTMLCanvasElement) => c.width / c.getBoundingClientRect().width);
        assert(canvasPx >= 1.9, `the zoomed page is drawn at the screen's pixels, not stretched: ${canvasPx}`);
        const sideways = await page.locator('.esop-pdf__body').evaluate((b) => b.scrollWidth > b.clientWidth + 50);
        assert(sideways, 'the zoomed page scrolls sideways');
        await page.locator('.esop-pdf__body').evaluate((b) => b.scrollTo({ left: 120, top: 80 }));
        await shots(page, 'pdf-sign-150');
        await bar.getByRole('button', { name: 'Fit width' }).click();
        await bar.getByRole('status').filter({ hasText: '100%' }).waitFor();

        // a two-finger pinch spreading the fingers to twice their distance: 200%
        await pinch(phone, '.esop-pdf__body', 80, 160);
        await bar.getByRole('status').filter({ hasText: '200%' }).waitFor();
        await page.waitForFunction((w) => (document.querySelector('.esop-pdf__page canvas')?.getBoundingClientRect().width ?? 0) > w * 1.9, fitWidth);
        await shot(page, 'pdf-sign-pinched-375');
        await sheet.getByRole('button', { name: 'Close' }).click();
        await page.getByRole('button', { name: 'Next' }).waitFor();
        assertClean(phone, EXPECTED);
      } finally {
        await context.close();
      }
    },
  },
  {
    name: 'the PDF viewer on /caApply: no agree box before the documents exist; a missing and a broken generated document leave the page usable',
    async run({ service, browser }) {
      const phone = await newPhone(browser, 'zh-CN');
      const { context, page } = phone;
      try {
        await applicantAt(service, context, { type: 'cn', phone: process.env.E2E_PHONE_15B ?? '13800001501', area: '86', until: 'CAAPPLY', accountType: 1 });
        // the documents held back until the page has been looked at while they are being made
        let release: () => void = () => undefined;
        const held = new Promise<void>((r) => (release = r));
        await page.route(`**${CALLS.applyDocument.path}*`, async (r) => {
          await held;
          await r.continue();
        });
        // the generated files: the first answers 404, the second is not a PDF
        let served = 0;
        const kinds = new Map<string, 'missing' | 'corrupt' | 'fine'>();
        await page.route((url) => url.searchParams.has('ossid'), async (r) => {
          const id = new URL(r.request().url()).searchParams.get('ossid')!;
          if (!kinds.has(id)) kinds.set(id, (['missing', 'corrupt', 'fine'] as const)[served++] ?? 'fine');
          const kind = kinds.get(id);
          if (kind === 'missing') return r.fulfill({ status: 404, contentType: 'text/plain', body: 'not found' });
          if (kind === 'corrupt') return r.fulfill({ status: 200, contentType: 'application/pdf', body: NOT_A_PDF });
          return r.continue();
        });
        await page.goto(`${service.base}/pages/openAccount.html?lang=zh-CN#/caApply`);
        await page.getByRole('heading', { name: '证书申请', exact: true }).waitFor();
        await page.getByText('生成中…').first().waitFor();
        assert((await page.getByRole('checkbox').count()) === 0, 'no agree box while the documents are being made');
        await shots(page, 'pdf-caapply-preparing');
        // Next before the documents: it says why and goes nowhere
        await page.getByRole('button', { name: '提交' }).click();
        await page.locator('.esop-toast', { hasText: '文件尚未准备好' }).waitFor();
        assert(page.url().includes('#/caApply'), 'Next did not go on');
        release();
        const agree = page.getByRole('checkbox', { name: /本人已查阅以上文件，并申请数字证书以签署该等文件/ });
        await agree.waitFor({ timeout: 90_000 });
        assert(await agree.isChecked(), 'the agree box comes ticked with the documents');
        await shots(page, 'pdf-caapply-ready');

        const docs = page.locator('.esop-sign__doc');
        // the first opened: 404
        await docs.nth(0).click();
        let sheet = page.getByRole('dialog');
        await sheet.getByText('文件不存在').waitFor();
        await page.locator('.esop-toast', { hasText: '文件不存在' }).waitFor();
        await shots(page, 'pdf-caapply-missing');
        await sheet.getByRole('button', { name: '关闭' }).click();
        // the second: not a PDF
        await docs.nth(1).click();
        sheet = page.getByRole('dialog');
        await sheet.getByRole('button', { name: '重试' }).waitFor();
        await page.locator('.esop-toast').filter({ hasText: /加载失败/ }).waitFor();
        await shots(page, 'pdf-caapply-corrupt');
        await sheet.getByRole('button', { name: '关闭' }).click();
        // the third loads, zoomed in once
        await docs.nth(2).click();
        sheet = page.getByRole('dialog');
        await sheet.getByRole('group', { name: /第 1 页/ }).waitFor({ timeout: 20_000 });
        await sheet.locator('canvas').first().waitFor();
        await shots(page, 'pdf-caapply-100');
        await sheet.getByRole('button', { name: '放大' }).click();
        await sheet.getByRole('status').filter({ hasText: '125%' }).waitFor();
        await shots(page, 'pdf-caapply-125');
        await sheet.getByRole('button', { name: '关闭' }).click();
        // the page is whole: heading, list, box, Submit
        await page.getByRole('heading', { name: '证书申请', exact: true }).waitFor();
        assert(await agree.isChecked(), 'the box is still ticked');
        await page.getByRole('button', { name: '提交' }).waitFor();
        assertClean(phone, EXPECTED);
      } finally {
        await context.close();
      }
    },
  },
];
