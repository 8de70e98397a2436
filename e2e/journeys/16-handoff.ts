/**
 * Start on a computer, finish on the phone (issue 41), with two browsers: a computer (1280 wide, its own user agent)
 * and a phone (375). The computer's card beside the step shows a QR code, read here from its pixels (jsQR) as a phone's
 * camera would; the phone opens the link logged in at the same step, and the token leaves its address. The computer
 * is covered by the phone's progress and follows it as the phone saves the step. The same link on another phone is
 * refused as used. Back on the computer ("continue here"), the short code typed on a third phone's login opens the
 * application where it stands. A camera step on the computer says it needs the phone and shows its code at once.
 */
import jsQR from 'jsqr';
import sharp from 'sharp';
import type { Browser, Locator, Page } from 'playwright-core';
import { applicantAt } from '../lib/applicant';
import { assert, assertClean, newPhone, shot, type Journey, type Service } from '../lib/harness';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** The text a QR code on the page carries, read from its pixels. */
async function readQr(qr: Locator): Promise<string> {
  const png = await qr.screenshot();
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const found = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
  assert(found, 'the QR code can be read');
  return found.data;
}

async function computer(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  return { context, page, problems };
}

async function showCode(page: Page): Promise<{ link: string; code: string }> {
  const card = page.getByRole('complementary', { name: 'Continue on your phone' });
  const show = card.getByRole('button', { name: 'Show the QR code' });
  const qr = card.getByRole('img', { name: 'QR code that opens this application on your phone' });
  // the card comes with its chunk: its button, or on a camera step its code at once
  await show.or(qr).first().waitFor();
  if (await show.isVisible()) await show.click();
  await qr.waitFor();
  const code = ((await card.getByText(/^Pairing code: /).textContent()) ?? '').replace(/^Pairing code: /, '').replace(/\s/g, '');
  return { link: await readQr(qr), code };
}

export const journeys: Journey[] = [
  {
    name: 'a computer hands its step to the phone by QR code and follows it live; the link works once; the short code works too; a camera step says it needs the phone',
    async run({ service, browser }: { service: Service; browser: Browser }) {
      const desk = await computer(browser);
      const phone = await newPhone(browser, 'en-US', IPHONE);
      const other = await newPhone(browser, 'en-US', IPHONE);
      const third = await newPhone(browser, 'en-US', IPHONE);
      try {
        await applicantAt(service, desk.context, { type: 'hk', phone: '61240001', until: 'IDENTITYEXPOSURE' });
        const { page } = desk;
        await page.goto(`${service.base}/pages/openAccount.html#/disclosure?lang=en`);
        await page.getByRole('heading', { name: 'Identity disclosure', exact: true }).waitFor();
        const card = page.getByRole('complementary', { name: 'Continue on your phone' });
        await card.getByText("Scan the QR code with your phone's camera.").waitFor();
        await shot(page, 'handoff-computer-card-en');

        // the QR code, read as a phone's camera would: this page, the phone's route, the token, the language
        const first = await showCode(page);
        assert(first.link.startsWith(`${service.base}/pages/openAccount.html#/handoff?h=`) && first.link.endsWith('&lang=en'), `the QR code's link: ${first.link}`);
        assert(/^[A-HJ-NP-Z2-9]{6}$/.test(first.code), `a six-character code: ${first.code}`);
        await card.getByText(/Works once, for [45]:\d\d/).waitFor();
        await shot(page, 'handoff-computer-qr-en');

        // the phone opens the link: whose application it is, then logged in at the same step, the token gone from its address
        await phone.page.goto(first.link);
        await phone.page.getByRole('heading', { name: 'Continue this application?' }).waitFor();
        await phone.page.getByText(/It belongs to the phone number \+852\s\d+\*+\d+\./).waitFor();
        assert(!phone.page.url().includes('h='), `the token left the phone's address before it asked: ${phone.page.url()}`);
        await shot(phone.page, 'handoff-phone-confirm-en');
        await phone.page.getByRole('button', { name: 'Yes, continue' }).click();
        await phone.page.waitForURL(/#\/disclosure/);
        await phone.page.getByRole('heading', { name: 'Identity disclosure', exact: true }).waitFor();
        assert(!phone.page.url().includes('h='), `the token left the phone's address: ${phone.page.url()}`);

        // the computer is covered by the phone's progress
        const cover = page.getByRole('dialog', { name: 'Continuing on your phone' });
        await cover.waitFor({ timeout: 10_000 });
        await cover.getByRole('listitem').filter({ hasText: 'Identity disclosure' }).filter({ hasText: 'On your phone now' }).waitFor();
        await shot(page, 'handoff-computer-following-en');

        // the phone answers the declarations; the computer sees the step saved and the next one on the phone
        const yes = phone.page.getByRole('radio', { name: 'Yes' });
        await phone.page.getByRole('button', { name: /^Next/ }).waitFor();
        const n = await yes.count();
        assert(n > 0, 'the declarations are there');
        for (let i = 0; i < n; i++) await yes.nth(i).check();
        await phone.page.getByRole('button', { name: 'Next', exact: true }).click();
        await phone.page.waitForURL(/#\/TaxInfo/);
        await cover.getByRole('listitem').filter({ hasText: 'Identity disclosure' }).filter({ hasText: 'Saved' }).waitFor({ timeout: 10_000 });
        await cover.getByRole('listitem').filter({ hasText: 'Tax' }).filter({ hasText: 'On your phone now' }).waitFor();

        // the same link on another phone: used
        await other.page.goto(first.link);
        await other.page.getByRole('heading', { name: 'This link no longer works' }).waitFor();
        await other.page.getByText('This pairing code has been used already: each one works once.').waitFor();
        assert(!other.page.url().includes('h='), 'the refused token left the address too');
        await shot(other.page, 'handoff-phone-used-en');

        // back on the computer: it goes on where the application stands; a new code, typed on a third phone's login
        await cover.getByRole('button', { name: 'Continue on this computer instead' }).click();
        await page.waitForURL(/#\/TaxInfo/);
        // the step's own help opens first, over everything (the card too)
        const help = page.getByRole('dialog', { name: 'Tax residence and the W-8BEN' }).or(page.getByRole('alertdialog', { name: 'Tax residence and the W-8BEN' }));
        await help.getByRole('button', { name: 'Got it' }).click();
        const second = await showCode(page);
        assert(second.code !== first.code, 'a new code');
        await third.page.goto(`${service.base}/pages/openAccount.html#/login?lang=en`);
        await third.page.getByRole('button', { name: 'Started on a computer? Enter its pairing code' }).click();
        await third.page.waitForURL(/#\/handoff/);
        await third.page.getByLabel('Pairing code from your computer').fill(`${second.code.slice(0, 3).toLowerCase()} ${second.code.slice(3)}`);
        await shot(third.page, 'handoff-phone-code-en');
        await third.page.getByRole('button', { name: 'Continue', exact: true }).click();
        await third.page.getByRole('button', { name: 'Yes, continue' }).click();
        await third.page.waitForURL(/#\/TaxInfo/);
        await page.getByRole('dialog', { name: 'Continuing on your phone' }).waitFor({ timeout: 10_000 });

        // a camera step on the computer: says so, its code at once
        await page.goto(`${service.base}/pages/openAccount.html#/HK_IDcard?lang=en`);
        await page.getByText('Photos of your card are easiest to take with your phone.').waitFor();
        await card.getByRole('img', { name: 'QR code that opens this application on your phone' }).waitFor();
        await shot(page, 'handoff-computer-camera-step-en');

        assertClean(phone);
        assertClean(third);
        // the refused link's answer (152501) is a 400, which the browser logs as a failed resource
        assertClean(other, [/Failed to load resource: the server responded with a status of 400/]);
        assert(desk.problems.length === 0, `the computer's page logged problems:\n  ${desk.problems.join('\n  ')}`);
      } finally {
        await Promise.all([desk.context.close(), phone.context.close(), other.context.close(), third.context.close()]);
      }
    },
  },
];
