/**
 * Hong Kong applicant: HK identity card, personal information and proof of address, through the pickers, the
 * date wheels, the uploads and the address confirmation, to the employment step; the saved data is checked
 * in the database.
 */
import { SAMPLE_FRONT, makeIdFront } from '../../scripts/make-card-images';
import { assert, assertClean, newPhone, shot, type Journey } from '../lib/harness';
import { appOf, loginInBrowser, pdfFile } from '../lib/flows';
import { pick, pickDate, uploadsSettled } from '../lib/ui';

export const journeys: Journey[] = [
  {
    name: 'a Hong Kong applicant goes through the HK ID, personal information and proof of address to the employment step',
    async run({ service, browser }) {
      const phone = await newPhone(browser);
      const { context, page } = phone;
      const mobile = '61230001';
      try {
        await page.goto(`${service.base}/pages/openAccount.html#/account?lang=en`);
        await page.getByRole('radio', { name: /Hong Kong, Macau and overseas/ }).click();
        await page.getByRole('button', { name: 'Start' }).click();
        await loginInBrowser(page, service, mobile, '852');
        await page.waitForURL(/#\/account/);
        await page.getByRole('button', { name: 'Start' }).click();
        await page.waitForURL(/#\/HK_IDcard/);

        // identity document
        await pick(page, /^Nationality/, 'Choose your nationality', 'Hong Kong, China', 'Hong Kong');
        await pick(page, /^Document type/, 'Choose the document type', 'Hong Kong identity card');
        const number = page.getByLabel('Document number');
        await number.fill('k123456');
        await number.blur();
        await page.getByText('Document number format error').waitFor();
        await number.fill('k123456(0)');
        assert((await number.inputValue()) === 'K1234560', 'the HK ID is upper-cased without brackets');
        await page.getByLabel('Front of the identity card').setInputFiles({ name: 'hkid.jpg', mimeType: 'image/jpeg', buffer: await makeIdFront(SAMPLE_FRONT) });
        await page.getByRole('button', { name: /View/ }).first().waitFor({ timeout: 30_000 });
        await shot(page, 'hkid-filled-en');
        await page.getByRole('button', { name: 'Next' }).click();
        await page.waitForURL(/#\/UserInfo/);

        // personal information
        await page.getByLabel('Chinese name').fill('陳大文');
        await page.getByLabel('Last name (English)').fill('chan');
        await page.getByLabel('Given name (English)').fill('tai man');
        assert((await page.getByLabel('Last name (English)').inputValue()) === 'CHAN', 'names are upper-cased as typed');
        await page.getByRole('radio', { name: 'Male', exact: true }).check();
        await pickDate(page, /^Date of birth/, '1990', 'May', '04');
        await pick(page, /^Country or region of birth/, 'Country or region of birth', 'Hong Kong, China', 'Hong Kong');
        const city = page.getByLabel('City of birth');
        if (await city.isVisible()) await city.fill('Hong Kong');
        await page.getByLabel('E-mail').fill('taiman@g');
        await page.getByRole('button', { name: 'taiman@gmail.com' }).click();
        assert((await page.getByLabel('E-mail').inputValue()) === 'taiman@gmail.com', 'the e-mail suggestion fills the field');
        await shot(page, 'userinfo-filled-en');
        await page.getByRole('button', { name: 'Next' }).click();
        await page.waitForURL(/#\/ProofAddress/);

        // proof of address
        await pick(page, /^Country or region of residence/, 'Country or region of residence', 'Hong Kong, China', 'Hong Kong');
        await page.getByRole('textbox', { name: 'Residential address' }).fill('Flat 12A, 88 Harbour Road, Wan Chai');
        await page.getByLabel('Proof of address', { exact: true }).setInputFiles({ name: 'bill.pdf', mimeType: 'application/pdf', buffer: pdfFile('electricity bill') });
        await page.getByText('bill.pdf').waitFor();
        await uploadsSettled(page);
        await page.getByRole('button', { name: 'See examples' }).click();
        await page.getByRole('dialog', { name: 'Acceptable proof of address' }).waitFor();
        await shot(page, 'proofaddress-samples-en');
        await page.getByRole('dialog', { name: 'Acceptable proof of address' }).getByRole('button', { name: /Close|Got it/ }).first().click();
        await shot(page, 'proofaddress-filled-en');
        await page.getByRole('button', { name: 'Next' }).click();
        const confirm = page.getByRole('dialog', { name: 'Confirm your residential address' });
        await confirm.waitFor();
        assert((await confirm.textContent())?.includes('Flat 12A, 88 Harbour Road, Wan Chai'), 'the confirmation shows the full address');
        await shot(page, 'proofaddress-confirm-en');
        await confirm.getByRole('button', { name: 'Confirm' }).click();
        await page.waitForURL(/#\/jobStatus/);

        const app = (await appOf(service, mobile, '852')) as { data: Record<string, Record<string, unknown>> };
        const id = app.data.HK_IDCARD;
        assert(id.idNumber === 'K1234560' && id.idType === 1 && id.idCountry === 'HK' && id.nationality === 'HK' && id.permanentResident === 1, 'HK_IDCARD saved');
        const info = app.data.USERINFO;
        assert(info.englishName === 'CHAN TAI MAN' && info.birthday === '1990-05-04' && info.email === 'taiman@gmail.com', `USERINFO saved: ${JSON.stringify(info)}`);
        const address = app.data.PROOFADDRESS as { contactInfo: Record<string, unknown>; w8Info: Record<string, unknown> };
        assert(address.contactInfo.residentialAddressCountry === 'HK' && address.contactInfo.mailingSameResidential === 1, 'PROOFADDRESS saved');
        assert(typeof address.w8Info.residenceAddress === 'string' && /HARBOUR ROAD/.test(address.w8Info.residenceAddress), 'the W-8 residence address is the English address');
        assertClean(phone);
      } finally {
        await context.close();
      }
    },
  },
];
