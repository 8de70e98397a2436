/**
 * Restricted mainland applicant (opening-area type 3): the statement dialog on home, then the statement page —
 * no HK identity card (overseas proof and the promise), a broker found by search, the statement file — and on
 * to the ID card step; the saved statement is checked in the database.
 */
import { assert, assertClean, newPhone, ops, shot, type Journey } from '../lib/harness';
import { appOf, loginInBrowser, pdfFile, TINY_PNG } from '../lib/flows';
import { uploadsSettled } from '../lib/ui';

const PDF = pdfFile('broker statement');

export const journeys: Journey[] = [
  {
    name: 'a restricted mainland applicant provides a broker statement and goes on to the ID card step',
    async run({ service, browser }) {
      const mobile = '13812340003';
      await ops(service, 'user', mobile, '--area', '86', '--opening-limit', '3', '--statement-limit', '1', '--statement-skip', '0');
      const phone = await newPhone(browser);
      const { context, page } = phone;
      try {
        await page.goto(`${service.base}/pages/openAccount.html#/account?lang=en`);
        await page.getByRole('radio', { name: /Mainland China/ }).click();
        await page.getByRole('button', { name: 'Start' }).click();
        await loginInBrowser(page, service, mobile, '86');
        await page.waitForURL(/#\/account/);
        await page.getByRole('button', { name: 'Start' }).click();
        const dialog = page.getByRole('dialog', { name: 'Upload a statement' });
        await dialog.getByRole('button', { name: 'Upload' }).click();
        await page.waitForURL(/#\/statement/);
        await page.getByRole('heading', { name: 'Statement', exact: true }).waitFor();
        await shot(page, 'statement-empty-en');

        await page.getByRole('radio', { name: 'No', exact: true }).check();
        await page.getByLabel('Proof of overseas identity').setInputFiles({ name: 'permit.png', mimeType: 'image/png', buffer: Buffer.from(TINY_PNG) });
        await page.getByRole('checkbox', { name: /I confirm that I do not hold a Hong Kong identity card/ }).check();

        await page.getByRole('button', { name: /^Bank or broker/ }).click();
        const picker = page.getByRole('dialog', { name: 'Choose a bank or broker' });
        await picker.getByRole('searchbox').fill('futu');
        await shot(page, 'statement-broker-search-en');
        await picker.getByRole('button', { name: 'Futu Securities International' }).click();
        await picker.waitFor({ state: 'hidden' });
        await page.getByLabel('Account holder name').fill('ZHANG WEIMING');
        await page.getByLabel('Account number').fill('8800 1234 56');
        await page.getByLabel('Statement', { exact: true }).setInputFiles({ name: 'statement.pdf', mimeType: 'application/pdf', buffer: PDF });
        await page.getByText('statement.pdf').waitFor();
        await page.getByRole('button', { name: 'View permit.png' }).waitFor();
        await uploadsSettled(page);
        await shot(page, 'statement-filled-en');
        await page.getByRole('button', { name: 'Next' }).click();
        await page.waitForURL(/#\/IDcard/);

        const app = (await appOf(service, mobile, '86')) as { applyStepsName: string[]; data: Record<string, Record<string, unknown>> };
        assert(app.applyStepsName[0] === 'STATEMENT', 'STATEMENT is the first step');
        const s = app.data.STATEMENT as { statementInfo: Record<string, unknown>; documentInfo: Record<string, unknown[]>; promise: unknown };
        assert(s.statementInfo.type === 0 && s.statementInfo.broker === 21, `statement type and broker saved: ${JSON.stringify(s.statementInfo)}`);
        assert(s.statementInfo.account === '8800123456', 'the account number is saved without spaces');
        assert(s.documentInfo.statement.length === 1 && s.documentInfo.idCardForeign.length === 1 && s.promise === true, 'files and the promise saved');
        assertClean(phone);
      } finally {
        await context.close();
      }
    },
  },
];
