/**
 * Hong Kong applicant, margin account with options: employment (company from the registry search), finance (the
 * asset-band error dialog), investment with the full derivatives questionnaire, account and markets (fixed markets'
 * toast, options, the cannot-change dialog), the 13 declarations (the US-person dialog, the countdown), tax
 * residences (HK with the ID number, a second country with a document) and the W-8BEN, to the risk step; the stored
 * payloads are checked as the spec's entities. The identity steps are saved through the service (their screens have
 * their own journey).
 */
import { applicantAt } from '../lib/applicant';
import { appOf, pdfFile } from '../lib/flows';
import { assert, assertClean, newPhone, shot, type Journey } from '../lib/harness';
import { pick, uploadsSettled } from '../lib/ui';

const PDF = pdfFile('tax document');

export const journeys: Journey[] = [
  {
    name: 'a Hong Kong applicant answers the profile steps for a margin account with options and reaches the risk step',
    async run({ service, browser }) {
      const phone = await newPhone(browser);
      const { context, page } = phone;
      const mobile = process.env.E2E_PHONE_06 ?? '61230101';
      try {
        await applicantAt(service, context, { type: 'hk', phone: mobile, until: 'JOBSTATUS', birthday: '1986-09-23' });
        const hkId = ((await appOf(service, mobile)).data as Record<string, Record<string, string>>).HK_IDCARD.idNumber;
        await page.goto(`${service.base}/pages/openAccount.html?lang=en#/jobStatus`);

        // employment and education
        await page.getByRole('heading', { name: 'Employment and education', exact: true }).waitFor();
        await pick(page, /^Education/, 'Education', 'University');
        await pick(page, /^Employment status/, 'Employment status', 'Employed');
        await page.getByRole('button', { name: /^Company name/ }).click();
        await page.waitForURL(/#\/C_SearchCompany/);
        await page.getByLabel('Company name', { exact: true }).and(page.locator('input')).fill('Exchanges and Clearing');
        await page.getByRole('button', { name: /Hong Kong Exchanges and Clearing Limited|香港交易及结算所有限公司/ }).first().click();
        await page.waitForURL(/#\/jobStatus/);
        assert((await page.getByLabel('Office address').inputValue()).length > 0, 'the registered address fills the office address');
        await pick(page, /^Industry/, 'Choose your industry', 'Finance');
        await pick(page, /^Position/, 'Position', 'Middle manager');
        await pick(page, /^Years in work/, 'Years in work', '10 years or more');
        await shot(page, 'profile-hk-job-en');
        await page.getByRole('button', { name: 'Next' }).click();
        await page.waitForURL(/#\/Finance/);

        // finance: salary ticked for the employed; investable assets cannot exceed net assets
        await page.getByRole('heading', { name: 'Financial situation', exact: true }).waitFor();
        assert(await page.getByRole('checkbox', { name: 'Salary or business income' }).isChecked(), 'salary is ticked for the employed');
        await pick(page, /^Annual income/, 'Annual income', 'HK$500,000 – HK$1,000,000');
        await pick(page, /^Net assets/, 'Net assets', 'HK$5,000,000 – HK$10,000,000');
        await pick(page, /^Investable assets/, 'Investable assets', 'HK$5,000,000 – HK$10,000,000');
        await pick(page, /^Net assets/, 'Net assets', 'HK$1,000,000 – HK$5,000,000');
        const inverted = page.getByRole('alertdialog', { name: 'Please check your assets' }).or(page.getByRole('dialog', { name: 'Please check your assets' }));
        await inverted.waitFor();
        await shot(page, 'profile-hk-finance-inverted-en');
        await inverted.getByRole('button', { name: 'Choose again' }).click();
        // choosing again opens the investable-asset list, now up to the net-asset band
        const bands = page.getByRole('dialog', { name: 'Investable assets' });
        await bands.waitFor();
        assert((await bands.getByRole('button', { name: 'HK$5,000,000 – HK$10,000,000' }).count()) === 0, 'bands above net assets are not offered');
        await bands.getByRole('button', { name: 'HK$1,000,000 – HK$5,000,000', exact: true }).click();
        await bands.waitFor({ state: 'hidden' });
        await pick(page, /^Average amount invested a year/, 'Average amount invested a year', 'Below HK$1,000,000');
        await page.getByRole('radio', { name: 'Rented home' }).check();
        await page.getByRole('button', { name: 'Next' }).click();
        await page.waitForURL(/#\/Investment/);

        // investment and the full derivatives questionnaire
        await page.getByRole('heading', { name: 'Investment experience', exact: true }).waitFor();
        await pick(page, /^Hong Kong stocks/, 'Hong Kong stocks', '6 to 10 years');
        await page.getByRole('checkbox', { name: 'Capital growth' }).check();
        await page.getByRole('radio', { name: 'Yes', exact: true }).check();
        await page.getByRole('checkbox', { name: /^I understand the features and risks/ }).check();
        assert(await page.getByRole('checkbox', { name: /^I have traded derivative products/ }).isChecked(), 'answering yes ticks the experience boxes');
        await page.getByRole('radio', { name: 'An online or classroom course' }).check();
        await page.getByRole('radio', { name: 'Securities, futures or options company' }).check();
        await page.getByRole('radio', { name: '3 to 5 years' }).check();
        await page.getByRole('checkbox', { name: 'Warrants' }).check();
        // evidence of the knowledge (issue 41, optional by default): the course's certificate under its box
        await page.getByLabel('Training certificate').setInputFiles({ name: 'course-certificate.pdf', mimeType: 'application/pdf', buffer: pdfFile('derivatives course certificate') });
        await page.getByText('course-certificate.pdf').waitFor();
        await uploadsSettled(page);
        await shot(page, 'profile-hk-investment-en');
        await page.getByRole('button', { name: 'Next' }).click();
        await page.waitForURL(/#\/selectAccount/);

        // account and markets
        await page.getByRole('heading', { name: 'Account type and markets', exact: true }).waitFor();
        await page.getByRole('radio', { name: /Margin account/ }).click();
        // the fixed markets look disabled (aria-disabled) but answer a tap with the toast
        await page.getByRole('checkbox', { name: 'US stocks' }).dispatchEvent('click');
        await page.getByText('The market type cannot be changed').waitFor();
        await page.getByRole('checkbox', { name: /Hong Kong stock options/ }).click();
        assert(await page.getByRole('checkbox', { name: /Hong Kong stock options/ }).isChecked(), 'options are ticked with the derivatives information of the investment step');
        await shot(page, 'profile-hk-account-en');
        await page.getByRole('button', { name: 'Next' }).click();
        const confirm = page.getByRole('dialog', { name: 'Confirm the account type' }).or(page.getByRole('alertdialog', { name: 'Confirm the account type' }));
        await confirm.waitFor();
        await confirm.getByRole('button', { name: 'Confirm' }).click();
        await page.waitForURL(/#\/disclosure/);

        // declarations: 13 for margin; a "no" to the US-person item explains offline opening
        await page.getByRole('heading', { name: 'Identity disclosure', exact: true }).waitFor();
        await page.getByRole('button', { name: /^Next \(\d\)$/ }).waitFor();
        const no = page.getByRole('radio', { name: 'No' });
        const yes = page.getByRole('radio', { name: 'Yes' });
        assert((await yes.count()) === 13, `13 declarations for a margin account (saw ${await yes.count()})`);
        await no.first().click();
        const us = page.getByRole('alertdialog', { name: 'US persons open offline' }).or(page.getByRole('dialog', { name: 'US persons open offline' }));
        await us.waitFor();
        await us.getByRole('button', { name: 'I understand' }).click();
        for (let i = 0; i < 13; i++) await yes.nth(i).check();
        await page.getByRole('button', { name: 'Next', exact: true }).waitFor();
        await shot(page, 'profile-hk-disclosure-en');
        await page.getByRole('button', { name: 'Next', exact: true }).click();
        await page.waitForURL(/#\/TaxInfo/);

        // tax residences and the W-8BEN
        const help = page.getByRole('dialog', { name: 'Tax residence and the W-8BEN' }).or(page.getByRole('alertdialog', { name: 'Tax residence and the W-8BEN' }));
        await help.waitFor();
        await help.getByRole('button', { name: 'Got it' }).click();
        // row 1 starts as the identity document's place with its number
        assert((await page.getByLabel('Taxpayer identification number (TIN)').first().inputValue()) === hkId, 'row 1 starts with the HK ID number');
        await page.getByLabel('Taxpayer identification number (TIN)').first().fill(hkId.toLowerCase());
        await page.getByText('No document needed: this number is your identity document number.').waitFor();
        await page.getByRole('button', { name: 'Add a tax residence' }).click();
        await page.getByRole('button', { name: /^Country or region of tax residence/ }).nth(1).click();
        const countries = page.getByRole('dialog', { name: 'Country or region of tax residence' });
        await countries.getByRole('searchbox').fill('Hong Kong');
        await countries.getByRole('button', { name: 'Hong Kong, China', exact: true }).first().click();
        await page.getByText('This country or region is already listed. Please choose again.').waitFor();
        if (!(await countries.isVisible())) await page.getByRole('button', { name: /^Country or region of tax residence/ }).nth(1).click();
        await countries.getByRole('searchbox').fill('United Kingdom');
        await countries.getByRole('button', { name: 'United Kingdom', exact: true }).first().click();
        await page.getByLabel('Taxpayer identification number (TIN)').nth(1).fill('ab 123-456 c');
        assert((await page.getByLabel('Taxpayer identification number (TIN)').nth(1).inputValue()) === 'AB123456C', 'the tax number is cleaned as typed');
        await page.getByLabel('Proof of the tax number').last().setInputFiles({ name: 'uk-tax.pdf', mimeType: 'application/pdf', buffer: PDF });
        await page.getByRole('button', { name: 'Remove uk-tax.pdf' }).waitFor({ timeout: 30_000 });
        await uploadsSettled(page);
        assert((await page.getByLabel('Permanent residence address (in English)').inputValue()).startsWith('FLAT 1'), 'the W-8BEN address comes from the proof of address');
        await shot(page, 'profile-hk-tax-en');
        await page.getByRole('button', { name: 'Next' }).click();
        await page.waitForURL(/#\/risk/);

        const app = await appOf(service, mobile);
        const data = app.data as Record<string, Record<string, unknown>>;
        const job = data.JOBSTATUS.employmentInfo as Record<string, string>;
        assert(job.degree === '4' && job.employment === '1' && job.industry === '33' && job.position === '2' && job.workLife === '5', `employment saved: ${JSON.stringify(job)}`);
        assert(/Exchanges|交易/.test(job.companyName) && job.companyNameVendor === job.companyName, 'the registry company is saved with its vendor name');
        assert(!('investFundsSource' in job), 'no fund sources for the employed');
        const fin = data.FINANCE.financialInfo as Record<string, string>;
        assert(fin.fundsSource === '1' && fin.annualIncome === '3' && fin.netAsset === '2' && fin.currentAsset === '2' && fin.annualAverageInvestAmount === '1' && fin.houseType === '3', `finance saved: ${JSON.stringify(fin)}`);
        const inv = data.INVESTMENT as Record<string, Record<string, unknown> | number>;
        assert(inv.openDerivative === 1 && (inv.investmentInfo as Record<string, string>).hkStock === '3' && (inv.investmentInfo as Record<string, string>).investGoal === '2', `investment saved: ${JSON.stringify(inv.investmentInfo)}`);
        const d = inv.derivativeInfo as Record<string, Record<string, unknown> | number>;
        assert(d.version === 2 && d.risk === 1 && (d.workExperience as Record<string, string>).selectIndex === '2' && (d.yearsParticipation as Record<string, string>).selectIndex === '3', `derivatives saved: ${JSON.stringify(d)}`);
        const evidence = inv.derivativeEvidence as unknown as Record<string, Array<Record<string, string>>>;
        assert(evidence.trainingCourse.length === 1 && evidence.trainingCourse[0].description === 'course-certificate.pdf' && Object.keys(evidence).length === 1, `evidence saved: ${JSON.stringify(evidence)}`);
        const acc = data.SELECTACCOUNT as Record<string, number>;
        assert(acc.accountType === 2 && acc.marketOpen === (1 | 2 | 4 | 16) && acc.openDerivative === 1, `account saved: ${JSON.stringify(acc)}`);
        const dis = data.IDENTITYEXPOSURE as Record<string, unknown>;
        assert(Object.keys(dis.identityExposureInfo as object).length === 13 && typeof dis.amlInfoId === 'string' && !('amlConfirmInfo' in dis), 'declarations saved, no AML hit');
        const tax = data.TAXINFO as Record<string, Record<string, unknown>>;
        assert(tax.taxInfo.HK === hkId && tax.taxInfo.GB === 'AB123456C', `tax numbers saved: ${JSON.stringify(tax.taxInfo)}`);
        const files = tax.documentInfo.idCardTaxInfo as Array<Record<string, string>>;
        assert(files.length === 1 && files[0].taxInfoCountryCode === 'GB', 'one tax document, for the UK');
        assert(/^[A-Z0-9 ]+$/.test(tax.w8Info.residenceAddress as string) && tax.w8Info.country === 'HK', `W-8BEN saved: ${JSON.stringify(tax.w8Info)}`);
        assertClean(phone);
      } finally {
        await context.close();
      }
    },
  },
];
