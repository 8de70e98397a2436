/**
 * Mainland applicant: ID card photos (made by scripts/make-card-images.ts, with known text) are read by the
 * service's offline OCR, the fields fill in, the bank card is scanned, and the applicant reaches the employment
 * step; then a second applicant with the same ID card meets the 150204 dialog.
 */
import type { Page } from 'playwright-core';
import { SAMPLE_BACK, SAMPLE_BANK, SAMPLE_FRONT, makeBankCard, makeIdBack, makeIdFront } from '../../scripts/make-card-images';
import type { StepName } from '../../src/core/domain/steps';
import { ApiClient } from '../lib/api-client';
import { assert, assertClean, newPhone, ops, shot, type Journey, type Service } from '../lib/harness';
import { prefillSteps } from '../lib/prefill';
import { appOf, loginInBrowser } from '../lib/flows';

const OCR_WAIT = 90_000;

async function startCn(page: Page, service: Service, phone: string): Promise<void> {
  await page.goto(`${service.base}/pages/openAccount.html#/account?lang=en`);
  await page.getByRole('radio', { name: /Mainland China/ }).click();
  await page.getByRole('button', { name: 'Start' }).click();
  await loginInBrowser(page, service, phone, '86');
  await page.waitForURL(/#\/account/);
  await page.getByRole('button', { name: 'Start' }).click();
  await page.waitForURL(/#\/IDcard/);
}

async function uploadBothSides(page: Page): Promise<void> {
  const front = await makeIdFront(SAMPLE_FRONT);
  const back = await makeIdBack(SAMPLE_BACK);
  await page.getByLabel('Portrait side').setInputFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: front });
  await page.getByLabel('National emblem side').setInputFiles({ name: 'back.jpg', mimeType: 'image/jpeg', buffer: back });
  await page.getByLabel('Name in Chinese').waitFor({ timeout: OCR_WAIT });
}

export const journeys: Journey[] = [
  {
    name: 'a mainland applicant goes from ID photos (OCR-filled fields) and a scanned bank card to the employment step (ID card journeys)',
    async run({ service, browser }) {
      const phone = await newPhone(browser);
      const { context, page } = phone;
      const mobile = '13812340001';
      try {
        await startCn(page, service, mobile);
        await shot(page, 'idcard-empty-en');
        await uploadBothSides(page);
        await shot(page, 'idcard-read-en');
        const name = await page.getByLabel('Name in Chinese').inputValue();
        assert(name === SAMPLE_FRONT.name, `the name is read from the photo: ${name}`);
        const idNumber = await page.getByLabel('ID number').inputValue();
        assert(idNumber === SAMPLE_FRONT.idNumber, `the ID number is read from the photo: ${idNumber}`);
        await page.waitForFunction(() => (document.querySelector<HTMLInputElement>('input[name$="lastName"]')?.value ?? '') !== '');
        assert((await page.getByLabel('Surname (pinyin)').inputValue()) === 'ZHANG', 'the pinyin surname is filled');
        assert((await page.getByLabel('Given name (pinyin)').inputValue()) === 'WEIMING', 'the pinyin given name is filled');
        await shot(page, 'idcard-filled-en');

        await page.getByRole('button', { name: 'Next' }).click();
        const confirm = page.getByRole('dialog', { name: 'Please confirm your details' });
        await confirm.waitFor();
        assert((await confirm.textContent())?.includes(SAMPLE_FRONT.idNumber), 'the confirmation shows the ID number');
        assert((await confirm.textContent())?.includes('ZHANG WEIMING'), 'the confirmation shows the pinyin name');
        await shot(page, 'idcard-confirm-en');
        await confirm.getByRole('button', { name: 'Confirm' }).click();
        await page.waitForURL(/#\/bankCard/);

        await page.getByRole('button', { name: 'Scan the card' }).click();
        await page.locator('input[type="file"][name="documentInfo.bankCard"]').setInputFiles({ name: 'card.jpg', mimeType: 'image/jpeg', buffer: await makeBankCard(SAMPLE_BANK) });
        const digits = SAMPLE_BANK.number.replace(/\s/g, '');
        await page.waitForFunction((d) => document.querySelector<HTMLInputElement>('input[name="bankInfo.acctNumber"]')?.value === d, digits, { timeout: OCR_WAIT });
        await page.getByLabel('Phone number registered at the bank').fill('13812345678');
        await page.getByLabel('E-mail').fill('zhang.weiming@example.com');
        await shot(page, 'bankcard-filled-en');
        await page.getByRole('button', { name: 'Next' }).click();
        await page.waitForURL(/#\/jobStatus/);

        const app = (await appOf(service, mobile, '86')) as { data: Record<string, Record<string, unknown>> };
        const id = app.data.IDCARD;
        assert(id.idNumber === SAMPLE_FRONT.idNumber, 'IDCARD saved with the ID number');
        assert(id.birthday === SAMPLE_FRONT.birthday && id.gender === 1, 'birthday and gender saved');
        assert(id.idValidTime === '2016-05-20,2036-05-20', `validity saved as start,end: ${id.idValidTime}`);
        assert(id.englishName === 'ZHANG WEIMING', 'English name is last, space, first');
        const bank = app.data.BANKCARD as { bankInfo: { acctNumber: string; phone: string }; email: string };
        assert(bank.bankInfo.acctNumber === digits && bank.bankInfo.phone === '13812345678', 'bank card saved');
        assert(bank.email === 'zhang.weiming@example.com', 'e-mail saved');
        assertClean(phone);
      } finally {
        await context.close();
      }
    },
  },
  {
    name: 'once the first applicant has submitted, a second applicant with the same ID card sees the already-registered dialog with the masked phone (ID card journeys)',
    async run({ service, browser }) {
      // the first applicant (journey above) completes and submits through the service: a number is held only by a
      // submitted application (a draft holds nothing, so nobody can lock its owner out)
      const holder = new ApiClient(service.base);
      await holder.call('tokenLogin', { t: await ops(service, 'app-token', '13812340001', '--area', '86') });
      const held = await holder.call<{ appId: string }>('applyDetail', {});
      await prefillSteps(holder, held.appId, 'NONE' as StepName, { birthday: SAMPLE_FRONT.birthday, idNumber: SAMPLE_FRONT.idNumber });
      await holder.call('applySubmit', { appId: held.appId });
      const phone = await newPhone(browser);
      const { context, page } = phone;
      try {
        await startCn(page, service, '13987650002');
        await uploadBothSides(page);
        await page.getByRole('button', { name: 'Next' }).click();
        await page.getByRole('dialog', { name: 'Please confirm your details' }).getByRole('button', { name: 'Confirm' }).click();
        const dialog = page.getByRole('alertdialog', { name: 'ID already registered' });
        await dialog.waitFor().catch(async (e) => {
          await shot(page, 'idcard-registered-missing');
          throw e;
        });
        assert((await dialog.textContent())?.includes('138****0001'), 'the first applicant\'s phone is shown masked');
        await shot(page, 'idcard-registered-en');
        assert(/#\/IDcard/.test(page.url()), 'the applicant stays on the ID page');
        assertClean(phone, [/status of 400/, /150204/]);
      } finally {
        await context.close();
      }
    },
  },
];
