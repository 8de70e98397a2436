/**
 * After opening: a Hong Kong client whose cash account staff opened (the application saved and submitted through the
 * service, `ops approve`) finds the account home from the status page, and switches automatic currency exchange on
 * (the terms ticked first) and off (confirmed).
 */
import { applicantAt } from '../lib/applicant';
import { assert, assertAxeClean, assertClean, newPhone, ops, shot, type Journey } from '../lib/harness';
import { pdfFile } from '../lib/flows';

export const journeys: Journey[] = [
  {
    name: 'an opened cash client goes from the status page to the account home and switches auto exchange on and off',
    async run({ service, browser }) {
      const phone = await newPhone(browser);
      const { context, page } = phone;
      try {
        const { client, appId } = await applicantAt(service, context, { type: 'hk', phone: process.env.E2E_PHONE_10 ?? '61231001', until: 'CAAPPLY', accountType: 1 });
        await client.call('applySubmit', { appId });
        await ops(service, 'approve', appId);

        // the status page offers the account home once the account is open
        await page.goto(`${service.base}/pages/openAccount.html?lang=en#/AccountStatus`);
        await page.getByRole('button', { name: 'My account' }).click();
        // the account home is the account page's (issue 39), the status page's query kept
        await page.waitForURL(/\/pages\/account\.html\?lang=en#\/accountHome/);
        await page.getByRole('heading', { name: 'Cash account' }).waitFor();
        for (const card of ['Upgrade to a margin account', 'Join our investor community', 'Automatic currency exchange', 'Account information']) {
          await page.getByRole('button', { name: new RegExp(card) }).waitFor();
        }
        await page.getByRole('list', { name: 'Markets you can trade' }).getByText('HK stocks').waitFor();
        await shot(page, 'after-opening-home-en');
        await assertAxeClean(page, '/accountHome');
        // an old link to it (a route of openAccount.html before issue 39: the app, e-mails, bookmarks) lands there too
        await page.goto(`${service.base}/pages/openAccount.html?lang=en#/accountHome`);
        await page.waitForURL(/\/pages\/account\.html\?lang=en#\/accountHome$/);
        await page.getByRole('heading', { name: 'Cash account' }).waitFor();
        await page.getByRole('button', { name: /Join our investor community/ }).click();
        await page.getByRole('dialog', { name: 'Join our investor community' }).getByRole('img', { name: 'QR code of the investor community' }).waitFor();
        await assertAxeClean(page, '/accountHome community sheet');
        await page.keyboard.press('Escape');

        // auto exchange: on needs the terms ticked
        await page.getByRole('button', { name: /Automatic currency exchange/ }).click();
        await page.waitForURL(/#\/autoExchange\?sub=S\d{8}/);
        const sw = page.getByRole('switch', { name: 'Automatic currency exchange' });
        await sw.waitFor();
        assert((await sw.getAttribute('aria-checked')) === 'false', 'auto exchange starts off');
        await assertAxeClean(page, '/autoExchange');
        await sw.click();
        await page.getByText('Please read and tick the terms first').waitFor();
        await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
        await sw.click();
        await page.getByText('Automatic currency exchange is on').waitFor();
        await page.waitForFunction(() => document.querySelector('[role="switch"]')?.getAttribute('aria-checked') === 'true');
        await shot(page, 'after-opening-auto-exchange-on-en');

        // off needs a confirmation
        await sw.click();
        const dialog = page.getByRole('dialog', { name: 'Turn off automatic currency exchange?' });
        await dialog.waitFor();
        await assertAxeClean(page, '/autoExchange confirm');
        await dialog.getByRole('button', { name: 'Turn off' }).click();
        await page.getByText('Automatic currency exchange is off').waitFor();
        await page.waitForFunction(() => document.querySelector('[role="switch"]')?.getAttribute('aria-checked') === 'false');
        const sub = new URLSearchParams(page.url().split('#')[1].split('?')[1]).get('sub')!;
        const state = await client.call<{ status: number }>('autoExchangeQuery', { subAccountId: sub });
        assert(state.status === 0, `the service has it off (${state.status})`);

        // how it works
        await page.getByRole('link', { name: 'How it works' }).click();
        await page.getByRole('heading', { name: 'How automatic exchange works' }).waitFor();
        await assertAxeClean(page, '/autoExchangeDetails');
        assertClean(phone);
      } finally {
        await context.close();
      }
    },
  },
];

journeys.push({
  name: 'staff ask an opened client to renew the W-8BEN: trading password set, the form saved and submitted, sent back, fixed, approved',
  async run({ service, browser }) {
    const phone = await newPhone(browser);
    const { context, page } = phone;
    try {
      const { client, appId } = await applicantAt(service, context, { type: 'hk', phone: process.env.E2E_PHONE_10B ?? '61231002', until: 'CAAPPLY', accountType: 2 });
      await client.call('applySubmit', { appId });
      await ops(service, 'approve', appId);
      const sub = (await client.call<{ clientInfo: { accts: { subAcctId: string }[] } }>('userInfo')).clientInfo.accts[0].subAcctId;
      await ops(service, 'update-request', sub, '--module', 'w8', '--message', 'Your W-8BEN expires this year: please renew it.');

      // the account home's account information, with the broker's request
      await page.goto(`${service.base}/pages/account.html?lang=en#/accountHome`);
      await page.getByRole('heading', { name: 'Margin account' }).waitFor();
      await page.getByRole('button', { name: /Account information/ }).click();
      await page.getByText('Your W-8BEN expires this year: please renew it.').waitFor();
      await assertAxeClean(page, '/accountInfo');
      await page.getByRole('button', { name: 'OK' }).click();
      await page.getByText('Your W-8BEN expires this year: please renew it.').waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Edit W-8BEN form' }).click();

      // the first time: a trading password is set (a weak one refused)
      await page.getByRole('heading', { name: 'Set a trading password' }).waitFor();
      await assertAxeClean(page, '/tradePassword');
      await page.getByLabel('New trading password (6 digits)').fill('111111');
      await page.getByLabel('Enter it again').fill('111111');
      await page.getByRole('button', { name: 'Set and continue' }).click();
      await page.getByText('Too easy to guess').waitFor();
      await page.getByLabel('New trading password (6 digits)').fill('258036');
      await page.getByLabel('Enter it again').fill('258036');
      await page.getByRole('button', { name: 'Set and continue' }).click();

      // the W-8 form: capitals as typed, saved, submitted
      await page.waitForURL(/#\/CheckW8/);
      const box = page.getByRole('textbox', { name: /Permanent residence address/ });
      await box.fill('');
      await box.pressSequentially('flat 8 18 harbour road wan chai');
      assert((await box.inputValue()) === 'FLAT 8 18 HARBOUR ROAD WAN CHAI', `typed in capitals (${await box.inputValue()})`);
      await shot(page, 'after-opening-w8-en');
      await assertAxeClean(page, '/CheckW8');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL(/#\/accountInfo/);
      await page.getByText('Saved', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Submit the update' }).click();
      await page.waitForURL(/#\/status/);
      await page.getByRole('heading', { name: 'Your update is under review' }).waitFor();

      // staff send it back; the client fixes it and submits again; staff approve
      const updates = await client.call<{ update: { updateId: string } }>('clientApplys', { subAcctId: sub });
      await ops(service, 'update-reject', updates.update.updateId, '--module', 'w8', '--message', 'Please give the flat and floor in full.');
      await page.reload();
      await page.getByText('Please give the flat and floor in full.').waitFor();
      await shot(page, 'after-opening-update-returned-en');
      await assertAxeClean(page, '/status returned');
      await page.getByRole('button', { name: 'Edit W-8BEN form' }).click();
      await page.waitForURL(/#\/CheckW8/);
      await box.fill('FLAT 8 FLOOR 18 HARBOUR ROAD WAN CHAI');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL(/#\/status/);
      await page.getByRole('button', { name: 'Submit the update' }).click();
      await page.getByRole('heading', { name: 'Your update is under review' }).waitFor();
      await ops(service, 'update-approve', updates.update.updateId);
      await page.goto(`${service.base}/pages/account.html?lang=en#/accountInfo?sub=${sub}`);
      await page.getByText('FLAT 8 FLOOR 18 HARBOUR ROAD WAN CHAI').waitFor();
      assertClean(phone);
    } finally {
      await context.close();
    }
  },
});

journeys.push({
  name: 'an opened client moves: the new address with its proof, the W-8BEN following it, sent back by staff, a different mailing address added, approved',
  async run({ service, browser }) {
    const phone = await newPhone(browser);
    const { context, page } = phone;
    const pdf = (what: string) => ({ name: `${what}.pdf`, mimeType: 'application/pdf', buffer: pdfFile(what) });
    try {
      const { client, appId } = await applicantAt(service, context, { type: 'hk', phone: process.env.E2E_PHONE_10C ?? '61231003', until: 'CAAPPLY', accountType: 1 });
      await client.call('applySubmit', { appId });
      await ops(service, 'approve', appId);
      const sub = (await client.call<{ clientInfo: { accts: { subAcctId: string }[] } }>('userInfo')).clientInfo.accts[0].subAcctId;
      // the trading password set beforehand (its screens are the W-8BEN journey's)
      await client.call('tradePasswordSet', { subAcctId: sub, password: '258036' });

      await page.goto(`${service.base}/pages/account.html?lang=en#/accountInfo?sub=${sub}`);
      await page.getByRole('button', { name: 'Edit Address' }).click();
      const password = page.getByLabel('Trading password', { exact: true });
      await Promise.race([page.waitForURL(/#\/editAddress/), password.waitFor()]);
      if (await password.isVisible()) {
        await password.fill('258036');
        await page.getByRole('button', { name: 'Confirm' }).click();
        await page.waitForURL(/#\/editAddress/);
      }
      const address = page.getByRole('textbox', { name: /Detailed address/ });
      await address.waitFor();
      await assertAxeClean(page, '/editAddress');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('You have not changed anything.').waitFor();
      await address.fill('Flat 12B, 33 Tai Koo Shing Road, Quarry Bay');
      await page.waitForTimeout(1100); // the footer button takes one tap a second
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Please upload a proof of your new address').waitFor();
      await page.getByLabel('Proof of residential address', { exact: true }).setInputFiles(pdf('electricity bill'));
      await page.getByRole('button', { name: /^Remove / }).first().waitFor();
      await shot(page, 'after-opening-edit-address-en');
      await page.waitForTimeout(1100);
      await page.getByRole('button', { name: 'Save' }).click();

      await page.waitForURL(/#\/AllDataCheck/);
      await page.getByText('FLAT 12B 33 TAI KOO SHING ROAD QUARRY BAY').waitFor();
      await shot(page, 'after-opening-all-data-check-en');
      await assertAxeClean(page, '/AllDataCheck');
      await page.getByRole('button', { name: 'Use it on my W-8BEN' }).click();
      await page.getByText('FLAT 12B 33 TAI KOO SHING ROAD QUARRY BAY').first().waitFor();
      await page.getByRole('button', { name: 'Use it on my W-8BEN' }).waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Submit the update' }).click();
      await page.waitForURL(/#\/status/);
      await page.getByRole('heading', { name: 'Your update is under review' }).waitFor();

      const updates = await client.call<{ update: { updateId: string } }>('clientApplys', { subAcctId: sub });
      await ops(service, 'update-reject', updates.update.updateId, '--module', 'address', '--message', 'We send statements by post: please add your mailing address (PO box).');
      await page.reload();
      await page.getByText('please add your mailing address (PO box).').first().waitFor();
      await page.getByRole('button', { name: 'Edit Address' }).click();
      const check = page.getByRole('dialog', { name: 'Please check all your address details' });
      await check.waitFor();
      await assertAxeClean(page, '/status check-everything dialog');
      await check.getByRole('button', { name: 'Check them' }).click();
      await page.waitForURL(/#\/AllDataCheck/);
      await page.getByRole('button', { name: 'Edit Residential address' }).click();
      await page.waitForURL(/#\/editAddress/);
      await page.getByRole('radio', { name: 'To a different address' }).check();
      await page.getByRole('button', { name: 'Fill in mailing address' }).click();
      await page.waitForURL(/#\/editAddressDetails/);
      // the address editor stays up (and has its own "Country or region") until the mailing screen has loaded: a tap
      // before that opened the residence's picker, which the new screen then replaced (seen with two lanes)
      await page.getByRole('heading', { name: 'Mailing address', level: 1 }).waitFor();
      await page.getByRole('button', { name: /^Country or region/ }).click();
      await page.getByRole('dialog', { name: 'Country or region' }).getByRole('button', { name: 'Hong Kong, China' }).click();
      await page.getByRole('textbox', { name: /Detailed address/ }).fill('PO Box 1234, Quarry Bay Post Office');
      await page.getByLabel('Proof of mailing address', { exact: true }).setInputFiles(pdf('po box letter'));
      await page.getByRole('button', { name: /^Remove / }).first().waitFor();
      await assertAxeClean(page, '/editAddressDetails');
      await page.getByRole('button', { name: 'Done' }).click();
      await page.waitForURL(/#\/editAddress\?/);
      await page.getByText('PO Box 1234, Quarry Bay Post Office', { exact: false }).waitFor();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL(/#\/AllDataCheck/);
      await page.getByRole('button', { name: 'Submit the update' }).click();
      await page.waitForURL(/#\/status/);
      await page.getByRole('heading', { name: 'Your update is under review' }).waitFor();

      await ops(service, 'update-approve', updates.update.updateId);
      await page.goto(`${service.base}/pages/account.html?lang=en#/accountInfo?sub=${sub}`);
      await page.getByText(/Flat 12B, 33 Tai Koo Shing Road, Quarry Bay/).waitFor();
      await page.getByText(/PO Box 1234, Quarry Bay Post Office/).waitFor();
      assertClean(phone);
    } finally {
      await context.close();
    }
  },
});

journeys.push({
  name: 'an opened cash client asks to upgrade to margin: the risks read and confirmed, the trading password, refused by staff, asked again, approved',
  async run({ service, browser }) {
    const phone = await newPhone(browser);
    const { context, page } = phone;
    try {
      const { client, appId } = await applicantAt(service, context, { type: 'hk', phone: process.env.E2E_PHONE_10D ?? '61231004', until: 'CAAPPLY', accountType: 1 });
      await client.call('applySubmit', { appId });
      await ops(service, 'approve', appId);
      const sub = (await client.call<{ clientInfo: { accts: { subAcctId: string }[] } }>('userInfo')).clientInfo.accts[0].subAcctId;
      await client.call('tradePasswordSet', { subAcctId: sub, password: '258036' });

      await page.goto(`${service.base}/pages/account.html?lang=en#/accountHome`);
      await page.getByRole('button', { name: /Upgrade to a margin account/ }).click();
      await page.waitForURL(/#\/marginUpgrade/);
      await page.getByRole('heading', { name: 'What it costs, and the risks' }).waitFor();
      await assertAxeClean(page, '/marginUpgrade');
      const apply = page.getByRole('button', { name: 'Apply to upgrade' });
      // Apply is never a grey button: a tap with the boxes unticked marks them and focuses the first
      await apply.click();
      await page.getByText('Please tick to confirm').first().waitFor();
      const firstBox = page.getByRole('checkbox', { name: /lose more than the money I deposit/ });
      await page.waitForFunction(() => document.activeElement?.getAttribute('type') === 'checkbox');
      assert(await firstBox.evaluate((el) => el === document.activeElement), 'the first unticked box takes the focus');
      const tickAll = async () => {
        for (const box of [/lose more than the money I deposit/, /sell my holdings without asking me/, /interest is charged daily/, /read and agree to the agreements/]) await page.getByRole('checkbox', { name: box }).check();
      };
      await tickAll();
      await shot(page, 'after-opening-margin-en');
      await page.waitForTimeout(1100); // the footer button's one-second debounce
      await apply.click();
      // this browser's session has not given the trading password: its screen first, then back with the boxes still ticked
      const password = page.getByLabel('Trading password', { exact: true });
      await Promise.race([password.waitFor(), page.getByRole('heading', { name: 'Your request is under review' }).waitFor()]);
      if (await password.isVisible()) {
        await password.fill('258036');
        await page.getByRole('button', { name: 'Confirm' }).click();
        await page.waitForURL(/#\/marginUpgrade/);
        await page.getByRole('checkbox', { name: /read and agree to the agreements/ }).waitFor();
        assert(await page.getByRole('checkbox', { name: /read and agree to the agreements/ }).isChecked(), 'the boxes are kept');
        await page.waitForTimeout(1100);
        await page.getByRole('button', { name: 'Apply to upgrade' }).click();
      }
      await page.getByRole('heading', { name: 'Your request is under review' }).waitFor();
      const requestId = (await ops(service, 'margin-list')).split(/\s+/)[0];
      await ops(service, 'margin-refuse', requestId, '--message', 'Please tell us your employer first.');
      await page.reload();
      await page.getByText('Please tell us your employer first.').waitFor();
      await tickAll();
      await page.getByRole('button', { name: 'Apply to upgrade' }).click();
      await page.getByRole('heading', { name: 'Your request is under review' }).waitFor();
      const second = (await ops(service, 'margin-list')).split(/\s+/)[0];
      await ops(service, 'margin-approve', second);
      await page.reload();
      await page.getByRole('heading', { name: 'You have a margin account' }).waitFor();
      await page.getByRole('button', { name: 'Back to my account' }).click();
      // exact: the margin screen's own "You have a margin account" would match while it is still up
      await page.getByRole('heading', { name: 'Margin account', exact: true }).waitFor();
      assert((await page.getByRole('button', { name: /Upgrade to a margin account/ }).count()) === 0, 'no upgrade card on a margin account');
      assertClean(phone);
    } finally {
      await context.close();
    }
  },
});

journeys.push({
  name: "in the app's webview, an opened client whose login is old edits the address: log in again, set the trading password, the address form, without a reload",
  async run({ service, browser }) {
    const phone = await newPhone(browser);
    const { context, page } = phone;
    try {
      const number = process.env.E2E_PHONE_10F ?? '61231006';
      const { client, appId } = await applicantAt(service, context, { type: 'hk', phone: number, until: 'CAAPPLY', accountType: 1 });
      await client.call('applySubmit', { appId });
      await ops(service, 'approve', appId);
      const sub = (await client.call<{ clientInfo: { accts: { subAcctId: string }[] } }>('userInfo')).clientInfo.accts[0].subAcctId;
      // the client logged in to the app a while ago: too long for setting the first trading password
      await ops(service, 'session-backdate', number, '--minutes', '30');

      // the app's webview: the bridge injected before the page's scripts, answering every call; no reload button
      await page.addInitScript(() => {
        const w = window as unknown as { HLNativeBridge: unknown; HLNativeBridgeReceive?: (json: string) => void; bridgeCalls: string[] };
        w.bridgeCalls = [];
        w.HLNativeBridge = {
          appInfo: { version: '2.3.1', language: 'zh-TW' },
          postMessage(json: string) {
            const { id, method } = JSON.parse(json) as { id: string; method: string };
            w.bridgeCalls.push(method);
            const result = method === 'storageGet' ? { value: null } : null;
            setTimeout(() => w.HLNativeBridgeReceive?.(JSON.stringify({ id, ok: true, result })), 0);
          },
        };
      });
      let loads = 0;
      page.on('load', () => void (loads += 1));
      await page.goto(`${service.base}/pages/account.html?lang=zh-TW#/accountInfo?sub=${encodeURIComponent(sub)}`);
      await page.getByRole('heading', { name: '地址' }).waitFor();
      const loadsAtStart = loads;
      await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));

      await page.getByRole('button', { name: '修改 地址' }).click();
      // the trading password asks for a login again first
      await page.getByText('為保障賬戶安全，請重新登入後再設置交易密碼。').waitFor();
      await page.getByRole('button', { name: '重新登入' }).click();
      await page.getByText('我的賬戶', { exact: true }).waitFor();
      await page.getByRole('button', { name: '獲取驗證碼' }).click();
      const code = await ops(service, 'code', number);
      await page.getByRole('textbox', { name: '驗證碼' }).fill(code);
      await page.getByRole('button', { name: '登入', exact: true }).click();

      // back on the password form at once (the loop was the "log in again" card coming back here)
      await page.getByLabel('新交易密碼（6位數字）').fill('258036');
      assert(!(await page.getByText('為保障賬戶安全，請重新登入後再設置交易密碼。').isVisible()), 'the "log in again" card is gone after the login');
      await page.getByLabel('再次輸入').fill('258036');
      await page.getByRole('button', { name: '設置並繼續' }).click();
      await page.waitForURL(/#\/editAddress/);
      await page.getByRole('heading', { name: '修改地址' }).waitFor();
      await shot(page, 'after-opening-relogin-edit-address-zh-TW');

      assert(loads === loadsAtStart, `no reload (page loads: ${loadsAtStart} at the start, ${loads} at the end)`);
      assert(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage === true), 'the same page all along (no reload)');
      assertClean(phone);
    } finally {
      await context.close();
    }
  },
});
