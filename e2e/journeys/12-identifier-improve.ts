/**
 * After opening, the pages of their own: an opened client signs the HK investor identifier consent from the account
 * home and sees the result (the card then offers the result; the app's page ticket opens it in another browser, a
 * forged one is explained); staff ask another client to complete information, which the client does on the
 * improve-info page (the card goes; staff read the answers).
 */
import { applicantAt } from '../lib/applicant';
import { assert, assertAxeClean, assertClean, newPhone, ops, shot, type Journey } from '../lib/harness';
import { loginInBrowser, pdfFile } from '../lib/flows';

type Accts = { clientInfo: { accts: { subAcctId: string; improveInfoOpen: boolean; extra: { needSignHKIdentifier: number } }[] } };

export const journeys: Journey[] = [
  {
    name: 'an opened client signs the HK investor identifier consent and sees the result',
    async run({ service, browser }) {
      const phone = await newPhone(browser);
      const { context, page } = phone;
      try {
        const { client, appId } = await applicantAt(service, context, { type: 'hk', phone: process.env.E2E_PHONE_12 ?? '61231201', until: 'CAAPPLY', accountType: 1 });
        await client.call('applySubmit', { appId });
        await ops(service, 'approve', appId);
        const sub = (await client.call<Accts>('userInfo')).clientInfo.accts[0].subAcctId;

        // the consent in the other languages first (screenshots), then in English from the account home
        for (const lang of ['zh-TW', 'zh-CN']) {
          await page.goto(`${service.base}/pages/investorIdentifier.html?sub=${sub}&lang=${lang}#/`);
          await page.locator('#hkid-consent').waitFor();
          await shot(page, `identifier-consent-${lang}`);
        }
        await page.goto(`${service.base}/pages/account.html?lang=en#/accountHome`);
        await page.getByRole('button', { name: /Sign the HK investor identifier consent/ }).click();
        await page.waitForURL(/investorIdentifier\.html\?sub=S\d{8}#\/$/);
        await page.getByRole('heading', { name: 'What we will send' }).waitFor();
        await page.getByText('Hong Kong identity card').waitFor();
        const masked = await page.locator('.hkid__number').textContent();
        assert(/^K\d\*{4}\d\w$/.test(masked ?? ''), `the number masked (${masked})`);
        await shot(page, 'identifier-consent-en');
        await assertAxeClean(page, 'investorIdentifier #/');

        // signing needs the box ticked
        await page.getByRole('button', { name: 'Sign the consent' }).click();
        await page.getByText('Please tick to confirm').waitFor();
        await page.getByRole('checkbox', { name: 'I have read and agree to the consent above' }).check();
        await page.waitForTimeout(1100); // the footer button ignores presses within a second of the last (NEXT_DEBOUNCE_MS)
        await page.getByRole('button', { name: 'Sign the consent' }).click();
        await page.waitForURL(/#\/result$/);
        await page.getByRole('heading', { name: 'Consent signed' }).waitFor();
        const bcan = await page.locator('.hkid__number').textContent();
        assert(/^\d{9,10}$/.test(bcan ?? ''), `a BCAN is shown (${bcan})`);
        await shot(page, 'identifier-result-en');
        await assertAxeClean(page, 'investorIdentifier #/result');
        const after = (await client.call<Accts>('userInfo')).clientInfo.accts[0];
        assert(after.extra.needSignHKIdentifier === 2, `the account is signed (${after.extra.needSignHKIdentifier})`);

        // the account home's card now leads to the result
        await page.getByRole('button', { name: 'Back to my account' }).first().click();
        await page.waitForURL(/account\.html#\/accountHome/);
        await page.getByRole('button', { name: /HK investor identifier.*Signed: view the result/ }).click();
        await page.waitForURL(/investorIdentifier\.html\?sub=S\d{8}#\/result$/);
        await page.getByText(bcan!).waitFor();
        await page.goto(`${service.base}/pages/investorIdentifier.html?sub=${sub}&lang=zh-TW#/result`);
        await page.getByRole('heading', { name: '已簽署同意書' }).waitFor();
        await shot(page, 'identifier-result-zh-TW');
        assertClean(phone);

        // in the app: the page ticket logs the client in on a browser without a session; a forged one is explained
        const app = await newPhone(browser);
        try {
          const ticket = await ops(service, 'page-ticket', sub, '--page', 'hkIdentifier');
          await app.page.goto(`${service.base}/pages/investorIdentifier.html?lang=en&ticket=${encodeURIComponent(ticket)}#/result`);
          await app.page.getByText(bcan!).waitFor();
          assert(!app.page.url().includes('ticket='), `the ticket left the address (${app.page.url()})`);
          await app.page.goto(`${service.base}/pages/investorIdentifier.html?lang=en&ticket=${encodeURIComponent(`${ticket.split('.')[0]}.${'A'.repeat(43)}`)}#/`);
          await app.page.getByText('This link is not valid. Go back to the app and open the page again.').waitFor();
          await shot(app.page, 'identifier-ticket-invalid-en');
          await assertAxeClean(app.page, 'investorIdentifier refused ticket');
          // in a browser it offers the login: the page's own (no hand-over to another page), which brings the client back
          await app.page.getByRole('button', { name: 'Log in instead' }).click();
          await app.page.waitForURL(/investorIdentifier\.html\?[^#]*#\/login\?redirect=%2F$/);
          await loginInBrowser(app.page, service, process.env.E2E_PHONE_12 ?? '61231201');
          await app.page.waitForURL(/investorIdentifier\.html\?[^#]*#\/$/);
          await app.page.getByText(bcan!).waitFor();
        } finally {
          await app.context.close();
        }
      } finally {
        await context.close();
      }
    },
  },
  {
    name: 'staff ask an opened client to complete information, which the client does on the improve-info page',
    async run({ service, browser }) {
      const phone = await newPhone(browser);
      const { context, page } = phone;
      try {
        const { client, appId } = await applicantAt(service, context, { type: 'hk', phone: process.env.E2E_PHONE_12B ?? '61231202', until: 'CAAPPLY', accountType: 2 });
        await client.call('applySubmit', { appId });
        await ops(service, 'approve', appId);
        const sub = (await client.call<Accts>('userInfo')).clientInfo.accts[0].subAcctId;
        const requestId = JSON.parse(await ops(service, 'improve-request', '--sub', sub, '--items', 'employment,funds,taxResidency,idDocument', '--message', 'Our yearly review: please check your details.', '--json')).requestId as string;

        // the page's link opened in a browser without a session: the page's own login, then the request
        const other = await newPhone(browser);
        try {
          await other.page.goto(`${service.base}/pages/improveInfo.html?sub=${sub}&lang=en`);
          await other.page.waitForURL(/improveInfo\.html\?sub=S\d{8}&lang=en#\/login\?redirect=%2F$/);
          await shot(other.page, 'improve-login-en');
          await loginInBrowser(other.page, service, process.env.E2E_PHONE_12B ?? '61231202');
          await other.page.waitForURL(/improveInfo\.html\?sub=S\d{8}&lang=en#\/$/);
          await other.page.getByText('Our yearly review: please check your details.').waitFor();
          assertClean(other);
        } finally {
          await other.context.close();
        }

        await page.goto(`${service.base}/pages/account.html?lang=en#/accountHome`);
        await page.getByRole('button', { name: /Complete your information/ }).click();
        await page.waitForURL(/improveInfo\.html\?sub=S\d{8}#\/$/);
        await page.getByText('Our yearly review: please check your details.').waitFor();
        for (const h of ['Occupation and employer', 'Source of funds and wealth', 'Tax residence', 'New identity document']) await page.getByRole('heading', { name: h, exact: true }).waitFor();
        await assertAxeClean(page, 'improveInfo');

        // what the opening recorded is there; the rest is asked for, and Submit says what is missing
        await page.getByRole('button', { name: 'Submit' }).click();
        // the form kit's one behaviour: every missing field marked, the first focused, the toast says how many
        await page.getByText(/needs? your attention/).first().waitFor();
        await shot(page, 'improve-errors-en');
        await page.getByRole('group', { name: 'How your wealth came about' }).getByRole('checkbox', { name: 'Employment income and savings' }).check();
        await page.getByRole('checkbox', { name: /I confirm these are all my tax residences/ }).check();
        await page.locator('input[type=file]').setInputFiles({ name: 'new-hkid.pdf', mimeType: 'application/pdf', buffer: pdfFile('new identity card') });
        await page.getByRole('button', { name: /View new-hkid\.pdf|new-hkid\.pdf/ }).first().waitFor();
        await page.getByRole('button', { name: /Valid until/ }).click();
        await page.getByRole('button', { name: 'Long-term' }).click();
        await shot(page, 'improve-filled-en');
        await page.waitForTimeout(1100); // the footer button ignores presses within a second of the last
        await page.getByRole('button', { name: 'Submit' }).click();
        await page.getByRole('heading', { name: 'Thank you' }).waitFor();
        await shot(page, 'improve-done-en');
        await assertAxeClean(page, 'improveInfo done');

        // closed: the card is gone, staff read the answers
        const acct = (await client.call<Accts>('userInfo')).clientInfo.accts[0];
        assert(!acct.improveInfoOpen, 'the request is closed');
        const shown = JSON.parse(await ops(service, 'improve-show', requestId, '--json')) as { status: number; answers: Record<string, { validUntil?: string; wealthSource?: string }> };
        assert(shown.status === 2 && shown.answers.idDocument.validUntil === '长期' && shown.answers.funds.wealthSource === '1', `staff see the answers (${JSON.stringify(shown)})`);
        await page.getByRole('button', { name: 'Back to my account' }).first().click();
        await page.waitForURL(/account\.html#\/accountHome/);
        await page.getByRole('heading', { name: 'Margin account' }).waitFor();
        assert((await page.getByRole('button', { name: /Complete your information/ }).count()) === 0, 'the card is gone');
        await page.goto(`${service.base}/pages/improveInfo.html?sub=${sub}&lang=zh-CN#/`);
        await page.getByRole('heading', { name: '没有需要补充的资料' }).waitFor();
        await shot(page, 'improve-none-zh-CN');
        assertClean(phone);
      } finally {
        await context.close();
      }
    },
  },
];
