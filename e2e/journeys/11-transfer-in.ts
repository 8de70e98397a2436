/**
 * Stock transfer-in: a mainland client whose account staff opened (every step saved through the service, the face
 * check included; submitted; `ops approve`) opens transferInStock.html, is led to assetTransferAgreement.html, reads
 * and signs the agreement, comes back to the transfer-in page, files a request (a listed broker, a code typed short,
 * a second stock), and sees staff move it (ops transfer-in-status: confirming, then refused with a message), with the
 * status page showing the stock line.
 */
import { applicantAt } from '../lib/applicant';
import { assert, assertAxeClean, assertClean, newPhone, ops, shot, VIEWPORT, type Journey } from '../lib/harness';
import type { Page } from 'playwright-core';

/** A marked form on the phone and on a small one (320x568). */
async function shotBoth(page: Page, name: string): Promise<void> {
  await shot(page, name);
  await page.setViewportSize({ width: 320, height: 568 });
  await shot(page, `${name}-320`);
  await page.setViewportSize(VIEWPORT);
}

export const journeys: Journey[] = [
  {
    name: 'an opened mainland client signs the asset transfer agreement, files a stock transfer-in, and sees staff move it',
    async run({ service, browser }) {
      const phone = await newPhone(browser);
      const { context, page } = phone;
      const mobile = process.env.E2E_PHONE_11 ?? '13800001101';
      try {
        // every cn step saved (HK_IDCARD is not one of them, so the prefill stops at none)
        const { client, appId } = await applicantAt(service, context, { type: 'cn', phone: mobile, area: '86', until: 'HK_IDCARD', accountType: 1 });
        await client.call('applySubmit', { appId });
        await ops(service, 'approve', appId);

        // not signed yet: the page leads to the agreement
        await page.goto(`${service.base}/pages/transferInStock.html?pageFrom=openAccount&langType=en`);
        await page.getByRole('heading', { name: 'Sign the asset transfer agreement first' }).waitFor();
        await shot(page, 'transfer-in-unsigned-en');
        await assertAxeClean(page, 'transferInStock (unsigned)');
        await page.getByRole('button', { name: 'Read and sign the agreement' }).click();
        await page.waitForURL(/assetTransferAgreement\.html\?applyId=.+&authorType=1/);
        await page.getByRole('heading', { name: 'Asset transfer agreement' }).waitFor();
        await shot(page, 'asset-transfer-agreement-en');
        await assertAxeClean(page, 'assetTransferAgreement');
        // the agreement opens in the PDF sheet
        await page.getByRole('button', { name: /^Asset transfer agreement/ }).click();
        const sheet = page.getByRole('dialog', { name: 'Asset transfer agreement' });
        await sheet.getByRole('group', { name: /^Page 1 of/ }).waitFor({ timeout: 30_000 });
        await page.waitForFunction(() => !!document.querySelector('.esop-pdf canvas'));
        await shot(page, 'asset-transfer-agreement-pdf-en');
        await sheet.getByRole('button', { name: 'Close' }).click();
        await page.getByText('Opened', { exact: true }).waitFor();
        await page.getByRole('button', { name: 'Sign the agreement' }).click();
        await page.getByText('Please tick the box to agree first.').first().waitFor();
        // the form kit marks the box and focuses it
        await page.waitForFunction(() => document.activeElement?.closest('[data-name="agreed"]') !== null);
        await shotBoth(page, 'asset-transfer-agreement-must-tick-en');
        await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
        // the footer button ignores a second press within a second
        await page.waitForTimeout(1100);
        await page.getByRole('button', { name: 'Sign the agreement' }).click();

        // signed: the transfer-in page in its place
        await page.waitForURL(/transferInStock\.html/);
        const protocol = await client.call<{ status: number }>('applyProtocolStatus', { applyId: appId });
        assert(protocol.status === 2, `the protocol is signed (${protocol.status})`);
        await page.getByRole('heading', { name: 'Your transfer-in requests' }).waitFor();
        await page.getByText('You have no transfer-in requests yet.').waitFor();
        await assertAxeClean(page, 'transferInStock (none)');
        await page.getByRole('button', { name: 'New transfer-in request' }).click();

        // the form: the broker from the list, the account there, two stocks
        await page.getByRole('heading', { name: 'New transfer-in request' }).waitFor();
        await page.getByRole('button', { name: 'Review' }).click();
        await page.getByText('Required').first().waitFor();
        await page.getByRole('button', { name: /Current broker/ }).click();
        await page.getByRole('dialog', { name: 'Choose your current broker' }).getByRole('searchbox').fill('futu');
        await page.getByRole('dialog', { name: 'Choose your current broker' }).getByText('Futu Securities International').click();
        await page.getByLabel('Your account number at that broker').fill('1008 6');
        await page.getByRole('group', { name: 'Stock 1' }).getByLabel('Stock code').fill('700');
        await page.getByRole('group', { name: 'Stock 1' }).getByLabel('Number of shares').fill('1000');
        await page.getByRole('button', { name: 'Add a stock' }).click();
        await page.getByRole('group', { name: 'Stock 2' }).getByLabel('Stock code').fill('9988');
        await page.getByRole('group', { name: 'Stock 2' }).getByLabel('Number of shares').fill('250');
        await page.waitForTimeout(1100);
        await page.getByRole('button', { name: 'Review' }).click();
        await page.getByText('3-30 letters, digits or hyphens').waitFor();
        await page.getByLabel('Your account number at that broker').fill('10086-22');
        await shot(page, 'transfer-in-form-en');
        await assertAxeClean(page, 'transferInStock/new');
        await page.waitForTimeout(1100);
        await page.getByRole('button', { name: 'Review' }).click();

        await page.getByRole('heading', { name: 'Check your request' }).waitFor();
        await page.getByText('00700').waitFor();
        await page.getByText('09988').waitFor();
        // Submit before ticking the confirmation: the box is marked with why and focused, nothing is filed
        await page.waitForTimeout(1100);
        await page.getByRole('button', { name: 'Submit request' }).click();
        await page.getByText('Please tick the confirmation first.').first().waitFor();
        await page.waitForFunction(() => document.activeElement?.closest('[data-name="agreed"]') !== null);
        await shotBoth(page, 'transfer-in-confirm-must-tick-en');
        await page.getByRole('checkbox', { name: /my account at Futu Securities International is in my own name/ }).check();
        await shot(page, 'transfer-in-confirm-en');
        await assertAxeClean(page, 'transferInStock/new (review)');
        // Review's press guard also covers Submit, in the same place: a double tap cannot file the request
        await page.waitForTimeout(1100);
        await page.getByRole('button', { name: 'Submit request' }).click();

        await page.getByText('Your transfer-in request has been submitted.').waitFor();
        const card = page.getByRole('listitem', { name: 'Futu Securities International' });
        await card.getByText('Submitted, waiting for the shares').first().waitFor();
        await shot(page, 'transfer-in-requested-en');
        await assertAxeClean(page, 'transferInStock (requested)');

        // staff move it: confirming, then refused with a message the client reads
        const listed = await ops(service, 'transfer-ins', '--json');
        const request = (JSON.parse(listed) as { requestId: string; appId: string }[]).find((r) => r.appId === appId);
        assert(request, `staff list the request (${listed})`);
        await ops(service, 'transfer-in-status', request.requestId, 'confirming');
        await page.reload();
        await card.getByText('Shares arrived, being confirmed').first().waitFor();
        await ops(service, 'transfer-in-status', request.requestId, 'refused', '--message', 'The account at Futu is not in your name.');
        await page.reload();
        await card.getByText('Refused').first().waitFor();
        await card.getByText('The account at Futu is not in your name.').waitFor();
        await card.getByText('Status history').click();
        await shot(page, 'transfer-in-refused-en');
        await assertAxeClean(page, 'transferInStock (refused)');

        // the status page shows the stock line and leads to the transfer-in page
        await page.goto(`${service.base}/pages/openAccount.html?lang=en#/openStatus`);
        await page.getByText('Stock transfer: Transfer failed').waitFor();
        await page.getByRole('button', { name: 'Transfer in stocks' }).click();
        await page.waitForURL(/transferInStock\.html\?pageFrom=openAccount&langType=en/);
        await page.getByRole('button', { name: 'New transfer-in request' }).waitFor();

        // the same page in Chinese (langType chooses the language)
        await page.goto(`${service.base}/pages/transferInStock.html?pageFrom=openAccount&langType=zh-TW`);
        await page.getByRole('heading', { name: '您的轉入申請' }).waitFor();
        await page.getByText('已拒絕').first().waitFor();
        await shot(page, 'transfer-in-refused-zh-TW');
        assertClean(phone);
      } finally {
        await context.close();
      }
    },
  },
];
