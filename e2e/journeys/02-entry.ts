import { assert, assertClean, newPhone, ops, shot, type Journey } from '../lib/harness';
import { appOf } from '../lib/flows';

const HERO: Record<string, string> = { 'zh-CN': '在线开立证券账户', 'zh-TW': '網上開立證券賬戶', en: 'Open your account online' };

export const journeys: Journey[] = [
  {
    name: "the app's token logs in on the ESOP page, which stores an ESOP application",
    async run({ service, browser }) {
      const token = await ops(service, 'app-token', '64567890', '--area', '852');
      const phone = await newPhone(browser, 'en-US', 'Mozilla/5.0 (Linux; Android 12) Mobile HLApp/2.3.0');
      const { context, page } = phone;
      try {
        await page.goto(`${service.base}/pages/openEsopAccount.html?t=${encodeURIComponent(token)}#/account`);
        await page.getByText('Employee share plan').waitFor();
        await page.waitForFunction(() => !location.href.includes('t='));
        await shot(page, 'esop-home-en');
        await page.getByRole('radio', { name: /Hong Kong, Macau and overseas/ }).click();
        await page.getByRole('button', { name: 'Start' }).click();
        await page.waitForURL(/#\/HK_IDcard/);
        const app = await appOf(service, '64567890');
        assert(app.esop === true, 'the application is marked ESOP');
        assert(app.oaType === 2, `oaType 2, got ${app.oaType}`);
        assertClean(phone);
      } finally {
        await context.close();
      }
    },
  },
  {
    name: 'home, login, maintenance and enterprise pages in simplified Chinese, traditional Chinese and English',
    async run({ service, browser }) {
      for (const lang of ['zh-CN', 'zh-TW', 'en']) {
        const phone = await newPhone(browser);
        const { context, page } = phone;
        try {
          await page.goto(`${service.base}/pages/openAccount.html#/account?lang=${lang}`);
          await page.getByRole('heading', { name: HERO[lang] }).waitFor();
          assert((await page.getAttribute('html', 'lang')) === lang, `html lang is ${lang}`);
          await shot(page, `home-${lang}`);
          await page.goto(`${service.base}/pages/openAccount.html#/login?lang=${lang}`);
          await page.locator('input[type="tel"]').first().waitFor();
          await shot(page, `login-${lang}`);
          await page.goto(`${service.base}/pages/openAccount.html#/mrStatus?lang=${lang}`);
          await page.locator('h1').first().waitFor();
          await shot(page, `maintenance-${lang}`);
          await page.goto(`${service.base}/pages/openAccount.html#/accountPrompt?lang=${lang}`);
          await page.locator('h1').first().waitFor();
          await shot(page, `enterprise-${lang}`);
          assertClean(phone);
        } finally {
          await context.close();
        }
      }
    },
  },
];
