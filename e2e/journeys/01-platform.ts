import { assert, assertClean, newPhone, ops, shot, type Journey } from '../lib/harness';
import { appOf, loginInBrowser, TINY_PNG } from '../lib/flows';
import { ApiClient } from '../lib/api-client';

export const journeys: Journey[] = [
  {
    name: 'hk applicant logs in with the printed code, starts, lands on /HK_IDcard; reload keeps the application',
    async run({ service, browser }) {
      const phone = await newPhone(browser);
      const { context, page } = phone;
      try {
        await page.goto(`${service.base}/pages/openAccount.html`);
        await page.waitForURL(/#\/login/);
        await shot(page, 'login-en');
        await loginInBrowser(page, service, '61234567');
        await page.waitForURL(/#\/account/);
        const hk = page.getByRole('radio', { name: /Hong Kong, Macau and overseas/ });
        await hk.waitFor();
        await shot(page, 'home-en');
        const start = page.getByRole('button', { name: 'Start' });
        // Start explains itself before a type is chosen: a tap focuses the choice and says why
        await start.click();
        await page.getByRole('status').filter({ hasText: 'Choose an opening method' }).waitFor();
        assert(await page.getByRole('radio', { name: /Hong Kong, Macau and overseas/ }).evaluate((el) => el === document.activeElement), 'the first type is focused');
        assert(/#\/account/.test(page.url()), 'Start with no type chosen stays on home');
        assert(await page.getByRole('checkbox', { name: 'I agree to use the electronic trading services' }).isChecked(), 'consent ticked by default');
        await hk.click();
        await page.getByText('Proof of address').waitFor();
        await shot(page, 'home-en-hk-chosen');
        await start.click();
        await page.waitForURL(/#\/HK_IDcard/);
        await shot(page, 'after-start-hk');
        const app = await appOf(service, '61234567');
        assert(app.oaType === 2, `oaType 2, got ${app.oaType}`);
        assert(app.clientStatus === 33, `client status 33, got ${app.clientStatus}`);
        assert(Array.isArray(app.applyStepsName) && app.applyStepsName[0] === 'HK_IDCARD', 'hk steps');

        await page.reload();
        await page.waitForURL(/#\/HK_IDcard/);
        await page.goto(`${service.base}/pages/openAccount.html#/account`);
        await hk.waitFor();
        await hk.click();
        await page.getByRole('button', { name: 'Start' }).click();
        await page.waitForURL(/#\/HK_IDcard/);
        const again = await appOf(service, '61234567');
        assert(again.appId === app.appId, 'the same application continues after a reload');
        assertClean(phone);
      } finally {
        await context.close();
      }
    },
  },
  {
    name: 'cn applicant with area type 3 sees the statement dialog and STATEMENT goes first',
    async run({ service, browser }) {
      await ops(service, 'user', '13812345678', '--area', '86', '--opening-limit', '3', '--statement-limit', '1', '--statement-skip', '0');
      const phone = await newPhone(browser);
      const { context, page } = phone;
      try {
        // home is public: the visitor chooses first, and Start asks for the login
        await page.goto(`${service.base}/pages/openAccount.html#/account`);
        const cn = page.getByRole('radio', { name: /Mainland China/ });
        await cn.click();
        await page.getByRole('button', { name: 'Start' }).click();
        await loginInBrowser(page, service, '13812345678', '86');
        await page.waitForURL(/#\/account\?type=cn/);
        assert(await cn.isChecked(), 'back from login with the mainland card still chosen');
        await page.getByRole('button', { name: 'Start' }).click();
        const dialog = page.getByRole('dialog', { name: 'Upload a statement' });
        await dialog.waitFor();
        await shot(page, 'dialog-statement-en');
        await dialog.getByRole('button', { name: 'Upload' }).click();
        await page.waitForURL(/#\/statement/);
        const app = await appOf(service, '13812345678', '86');
        assert(app.oaType === 1, `oaType 1, got ${app.oaType}`);
        assert(Array.isArray(app.applyStepsName) && app.applyStepsName[0] === 'STATEMENT', `STATEMENT first, got ${app.applyStepsName}`);
        assertClean(phone);
      } finally {
        await context.close();
      }
    },
  },
  {
    name: "a second user cannot download the first user's file",
    async run({ service, browser }) {
      const owner = new ApiClient(service.base);
      const { salt } = await owner.call<{ salt: string }>('sendCode', { value: '62345678', areaCode: '852' });
      await owner.call('login', { areaCode: '852', phone: '62345678', code: await ops(service, 'code', '62345678', '--area', '852'), salt });
      const { ossUrl } = await owner.upload(TINY_PNG, 'proof.png');
      const own = await owner.get(ossUrl);
      assert(own.status === 200 && own.headers.get('content-type')?.startsWith('image/png'), `owner reads the file (${own.status})`);
      assert(own.headers.get('x-content-type-options') === 'nosniff', 'nosniff');

      const { context, page } = await newPhone(browser);
      try {
        await page.goto(`${service.base}/pages/openAccount.html#/login`);
        await loginInBrowser(page, service, '63456789');
        await page.getByRole('radio', { name: /Mainland China/ }).waitFor();
        const res = await page.goto(new URL(ossUrl, service.base).toString());
        assert(res && res.status() === 403, `another user is refused (${res?.status()})`);
        const body = await res.text();
        assert(!body.includes('PNG'), 'no file bytes are served to another user');
      } finally {
        await context.close();
      }
    },
  },
];
