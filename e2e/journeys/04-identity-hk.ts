/**
 * Hong Kong applicant: HK identity card, personal information and proof of address, through the pickers, the
 * uploads and the address confirmation, to the employment step; the HKID front is read by OCR (issue 41): the
 * reading is checked in its sheet and used, and the next step opens with the names, birth date and sex filled. The
 * saved data is checked in the database. Before that, a passport's data page is read (its machine-readable zone): an
 * HKSAR passport's Chinese nationality is "Hong Kong, China" as chosen; the applicant types instead and changes the
 * document to the identity card.
 */
import { SAMPLE_HK_FRONT, SAMPLE_PASSPORT, makeHkIdFront, makePassportPage } from '../../scripts/make-card-images';
import { assert, assertClean, newPhone, shot, type Journey } from '../lib/harness';
import { appOf, loginInBrowser, pdfFile } from '../lib/flows';
import { pick, uploadsSettled } from '../lib/ui';

export const journeys: Journey[] = [
  {
    name: 'a Hong Kong applicant has the HKID front read by OCR, checks and uses the reading, and goes through personal information and proof of address to the employment step',
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
        // a passport's data page is read from its machine-readable zone; the applicant chooses to type instead
        await pick(page, /^Document type/, 'Choose the document type', 'Passport');
        const passport = { ...SAMPLE_PASSPORT, issuingState: 'HKG', nationality: 'CHN', surname: 'CHAN', givenNames: 'TAI MAN', number: 'KJ0482913', birthday: SAMPLE_HK_FRONT.birthday };
        await page.getByLabel('Passport photo page').setInputFiles({ name: 'passport.jpg', mimeType: 'image/jpeg', buffer: await makePassportPage(passport) });
        const passportSheet = page.getByRole('dialog', { name: 'Check what we read from your passport' });
        await passportSheet.waitFor({ timeout: 60_000 });
        const zone = (await passportSheet.textContent()) ?? '';
        for (const part of ['KJ0482913', 'Hong Kong', 'CHAN TAI MAN', '1988/06/15', 'Male', '2031/09/30']) assert(zone.includes(part), `the passport sheet shows ${part}: ${zone}`);
        assert(!zone.includes('other than the one you chose'), 'an HKSAR passport is the nationality chosen');
        await shot(page, 'passport-ocr-sheet-en');
        await passportSheet.getByRole('button', { name: "I'll type them" }).click();
        await passportSheet.waitFor({ state: 'hidden' });
        assert((await page.getByLabel('Document number').inputValue()) === '', 'typing instead fills nothing');
        await pick(page, /^Document type/, 'Choose the document type', 'Hong Kong identity card');
        const number = page.getByLabel('Document number');
        await number.fill('k123456');
        await number.blur();
        await page.getByText('Document number format error').waitFor();
        await number.fill('');
        // the card's photo is read: the sheet shows what it says, to check before it is used
        await page.getByLabel('Front of the identity card').setInputFiles({ name: 'hkid.jpg', mimeType: 'image/jpeg', buffer: await makeHkIdFront(SAMPLE_HK_FRONT) });
        const sheet = page.getByRole('dialog', { name: 'Check what we read from your card' });
        await sheet.waitFor({ timeout: 60_000 });
        const read = (await sheet.textContent()) ?? '';
        for (const part of ['K123456(0)', 'CHAN TAI MAN', '陳大文', '1988/06/15', 'Male']) assert(read.includes(part), `the sheet shows ${part}: ${read}`);
        await shot(page, 'hkid-ocr-sheet-en');
        await sheet.getByRole('button', { name: 'Use these' }).click();
        await page.getByText('Filled in from your card. Please check each field.').waitFor();
        assert((await number.inputValue()) === 'K1234560', 'the number read fills the field, without brackets');
        await shot(page, 'hkid-filled-en');
        await page.getByRole('button', { name: 'Next' }).click();
        await page.waitForURL(/#\/UserInfo/);

        // personal information: what the card said is there (the step's draft); the rest is typed
        await page.getByLabel('Chinese name').waitFor();
        for (const [label, value] of [
          ['Chinese name', '陳大文'],
          ['Last name (English)', 'CHAN'],
          ['Given name (English)', 'TAI MAN'],
        ]) {
          assert((await page.getByLabel(label).inputValue()) === value, `${label} filled from the card`);
        }
        assert(await page.getByRole('radio', { name: 'Male', exact: true }).isChecked(), 'the sex filled from the card');
        assert(((await page.getByRole('button', { name: /^Date of birth/ }).textContent()) ?? '').includes('1988/06/15'), 'the birth date filled from the card');
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
        assert(info.englishName === 'CHAN TAI MAN' && info.chineseName === '陳大文' && info.gender === 1 && info.birthday === '1988-06-15' && info.email === 'taiman@gmail.com', `USERINFO saved: ${JSON.stringify(info)}`);
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
