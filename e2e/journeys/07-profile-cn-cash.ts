/**
 * Mainland applicant, cash account, screened as a near match of the watch list: employment as a retired person
 * (fund sources without rent, debts that exclude each other, the no-dispute box), finance without salary and with a
 * mortgage, investment without derivatives (the confirmation), the cash card behind "view more", the 6 declarations
 * without a countdown (the ID card was confirmed today), the AML popup, the tax page with the fixed mainland row and
 * the W-8BEN address rendered in English, to the risk step; the stored payloads are checked as the spec's entities.
 */
import { applicantAt } from '../lib/applicant';
import { appOf } from '../lib/flows';
import { assert, assertClean, newPhone, shot, type Journey } from '../lib/harness';
import { expectFocused, pick } from '../lib/ui';

export const journeys: Journey[] = [
  {
    name: 'a mainland applicant answers the profile steps for a cash account, confirms the AML popup and reaches the risk step',
    async run({ service, browser }) {
      const phone = await newPhone(browser);
      const { context, page } = phone;
      const mobile = process.env.E2E_PHONE_07 ?? '13812340107';
      try {
        // the seeded sample watch list has 欧阳铁柱 (OUYANG TIEZHU) born 1972-08-19
        await applicantAt(service, context, {
          type: 'cn', phone: mobile, area: '86', until: 'JOBSTATUS', birthday: '1972-08-19',
          name: { chinese: '欧阳铁柱', last: 'OUYANG', first: 'TIEZHU' },
        });
        const idNumber = ((await appOf(service, mobile, '86')).data as Record<string, Record<string, string>>).IDCARD.idNumber;
        await page.goto(`${service.base}/pages/openAccount.html?lang=en#/jobStatus`);

        // employment: retired (the applicant is 54), mainland wording without rent
        await page.getByRole('heading', { name: 'Employment and education', exact: true }).waitFor();
        await pick(page, /^Education/, 'Education', 'Secondary');
        await pick(page, /^Employment status/, 'Employment status', 'Retired');
        assert((await page.getByRole('checkbox', { name: 'Rental income' }).count()) === 0, 'no rent for a retired mainland applicant');
        await page.getByRole('checkbox', { name: 'Pension' }).check();
        assert(await page.getByRole('checkbox', { name: 'No liabilities' }).isChecked(), 'no liabilities is ticked at first');
        await page.getByRole('checkbox', { name: 'Other debts' }).check();
        assert(!(await page.getByRole('checkbox', { name: 'No liabilities' }).isChecked()), 'a debt clears no liabilities');
        await page.getByLabel('Details of other debts').fill('Car loan, RMB 80,000');
        await page.getByRole('checkbox', { name: /^I have no debt in dispute/ }).check();
        await shot(page, 'profile-cn-job-en');
        await page.getByRole('button', { name: 'Next' }).click();
        await page.waitForURL(/#\/Finance/);

        // finance: no salary for the retired; a mortgage can be chosen (there are debts)
        await page.getByRole('heading', { name: 'Financial situation', exact: true }).waitFor();
        assert((await page.getByRole('checkbox', { name: 'Salary or business income' }).count()) === 0, 'no salary for the retired');
        await page.getByRole('checkbox', { name: 'Personal savings' }).check();
        await pick(page, /^Annual income/, 'Annual income', 'Below RMB 200,000');
        await pick(page, /^Net assets/, 'Net assets', 'RMB 1,000,000 – RMB 5,000,000');
        await pick(page, /^Investable assets/, 'Investable assets', 'Below RMB 1,000,000');
        await pick(page, /^Average amount invested a year/, 'Average amount invested a year', 'Below RMB 1,000,000');
        await page.getByRole('radio', { name: 'Own home with a mortgage' }).check();
        await page.getByRole('button', { name: 'Next' }).click();
        await page.waitForURL(/#\/Investment/);

        // investment without derivatives: the confirmation that no derivatives permission is opened
        await page.getByRole('heading', { name: 'Investment experience', exact: true }).waitFor();
        await page.getByRole('checkbox', { name: 'Capital preservation' }).check();
        await page.getByRole('checkbox', { name: 'Dividend income' }).check();
        await page.getByRole('radio', { name: 'No' }).click();
        const notIntend = page.getByRole('dialog', { name: 'Not trading derivatives?' }).or(page.getByRole('alertdialog', { name: 'Not trading derivatives?' }));
        await notIntend.waitFor();
        await notIntend.getByRole('button', { name: 'Confirm' }).click();
        await page.getByRole('button', { name: 'Next' }).click();
        await page.waitForURL(/#\/selectAccount/);

        // account: the cash card is behind "view more"; cash has no options; no stock-connect for mainland
        await page.getByRole('heading', { name: 'Account type and markets', exact: true }).waitFor();
        assert((await page.getByRole('radio', { name: /Cash account/ }).count()) === 0, 'the cash card starts hidden');
        assert((await page.getByRole('checkbox', { name: /Stock Connect/ }).count()) === 0, 'no stock-connect for a mainland applicant');
        await page.getByRole('button', { name: 'Next' }).click();
        // nothing chosen: the account type is marked and its first card focused, the toast says so (the form kit's check)
        await page.getByText('1 field needs your attention').waitFor();
        await expectFocused(page.getByRole('radio', { name: /Margin account/ }), 'Next without an account type focuses the first card');
        assert((await page.getByRole('radiogroup', { name: 'Account type' }).getAttribute('aria-invalid')) === 'true', 'the account type is marked');
        await page.waitForTimeout(1000); // the Next button takes one press a second
        await page.getByRole('button', { name: 'View more account types' }).click();
        await page.getByRole('radio', { name: /Cash account/ }).click();
        assert((await page.getByRole('checkbox', { name: /Hong Kong stock options/ }).count()) === 0, 'no options on a cash account');
        await shot(page, 'profile-cn-account-en');
        await page.getByRole('button', { name: 'Next' }).click();
        const confirm = page.getByRole('dialog', { name: 'Confirm the account type' }).or(page.getByRole('alertdialog', { name: 'Confirm the account type' }));
        await confirm.waitFor();
        await confirm.getByRole('button', { name: 'Confirm' }).click();
        await page.waitForURL(/#\/disclosure/);

        // 6 declarations for cash; no countdown (the ID card was confirmed today); the AML popup on the hit
        await page.getByRole('heading', { name: 'Identity disclosure', exact: true }).waitFor();
        const yes = page.getByRole('radio', { name: 'Yes' });
        await yes.first().waitFor();
        assert((await yes.count()) === 6, `6 declarations for a cash account (saw ${await yes.count()})`);
        assert((await page.getByRole('button', { name: /^Next \(\d\)$/ }).count()) === 0, 'no countdown after a confirmation within 7 days');
        await page.getByRole('radio', { name: 'No' }).nth(3).click();
        const offline = page.getByRole('alertdialog', { name: 'Please open your account offline' }).or(page.getByRole('dialog', { name: 'Please open your account offline' }));
        await offline.waitFor();
        await offline.getByRole('button', { name: 'I understand' }).click();
        for (let i = 0; i < 6; i++) await yes.nth(i).check();
        await page.getByRole('button', { name: 'Next', exact: true }).click();
        const aml = page.getByRole('dialog', { name: 'Confirm your identity' }).or(page.getByRole('alertdialog', { name: 'Confirm your identity' }));
        await aml.waitFor();
        await shot(page, 'profile-cn-aml-en');
        await aml.getByRole('checkbox', { name: 'I am not the person named on the watch list.' }).check();
        await aml.getByRole('checkbox', { name: /^I am not subject to sanctions/ }).check();
        await aml.getByRole('checkbox', { name: /^The information I have given/ }).check();
        await aml.getByRole('button', { name: 'Confirm' }).click();
        await page.waitForURL(/#\/TaxInfo/);

        // tax: the mainland row is the ID card number; the W-8BEN address is the ID address in English
        const help = page.getByRole('dialog', { name: 'Tax residence and the W-8BEN' }).or(page.getByRole('alertdialog', { name: 'Tax residence and the W-8BEN' }));
        await help.waitFor();
        await help.getByRole('button', { name: 'Got it' }).click();
        assert((await page.getByLabel('Taxpayer identification number (TIN)').first().inputValue()) === idNumber, 'row 1 is the ID card number');
        const address = page.getByLabel('Permanent residence address (in English)');
        await page.waitForFunction(() => !document.body.textContent?.includes('Getting your address in English'));
        assert(/^[A-Z0-9 ]+$/.test(await address.inputValue()), `the W-8BEN address is in upper-case English (${await address.inputValue()})`);
        // a machine translation is marked: Next waits for the applicant to check it or write their own
        const checkedBox = page.getByRole('checkbox', { name: 'I have checked that this is my permanent residence address in English' });
        await checkedBox.waitFor();
        // Next explains on tap: the box is marked and focused, and the page stays
        await page.getByRole('button', { name: 'Next' }).click();
        await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.name === 'w8Checked');
        await page.getByText('Please check the address above, then tick this box').first().waitFor();
        assert(/#\/TaxInfo/.test(page.url()), 'Next waits for the translated address to be checked');
        await page.waitForTimeout(1000); // the Next button takes one press a second
        // cleaned as typed (one rule, domain w8-address): Chinese characters are removed and named, marks become spaces
        await address.fill('深圳 1 KEJI ROAD');
        await page.getByText('Removed: 深圳.', { exact: false }).waitFor();
        assert((await address.inputValue()) === '1 KEJI ROAD', `Chinese removed as typed (${await address.inputValue()})`);
        await address.fill('1 Keji Road, Nanshan, Shenzhen');
        await address.blur();
        assert((await address.inputValue()) === '1 KEJI ROAD NANSHAN SHENZHEN', `cleaned as typed (${await address.inputValue()})`);
        await shot(page, 'profile-cn-tax-en');
        await page.waitForTimeout(1100); // the footer button ignores a second press within a second
        await page.getByRole('button', { name: 'Next' }).click();
        await page.waitForURL(/#\/risk/);

        const app = await appOf(service, mobile, '86');
        const data = app.data as Record<string, Record<string, unknown>>;
        const job = data.JOBSTATUS.employmentInfo as Record<string, string>;
        assert(job.degree === '2' && job.employment === '3' && job.investFundsSource === '4' && job.financialStatus === '3' && job.noDispute === '1', `employment saved: ${JSON.stringify(job)}`);
        assert(job.financialStatusDetail === 'Car loan, RMB 80,000' && !('companyName' in job), 'other debt text saved, no company fields');
        const fin = data.FINANCE.financialInfo as Record<string, string>;
        assert(fin.fundsSource === '2' && fin.netAsset === '2' && fin.currentAsset === '1' && fin.houseType === '4', `finance saved: ${JSON.stringify(fin)}`);
        const inv = data.INVESTMENT as Record<string, unknown>;
        assert(inv.openDerivative === 0 && (inv.investmentInfo as Record<string, string>).investGoal === '1,3', `investment saved: ${JSON.stringify(inv)}`);
        const acc = data.SELECTACCOUNT as Record<string, number>;
        assert(acc.accountType === 1 && acc.marketOpen === 3 && acc.openDerivative === 0, `account saved: ${JSON.stringify(acc)}`);
        const dis = data.IDENTITYEXPOSURE as Record<string, unknown>;
        const confirmations = dis.amlConfirmInfo as Array<Record<string, unknown>>;
        assert(Object.keys(dis.identityExposureInfo as object).length === 6, 'six declarations saved');
        assert(confirmations?.length === 3 && confirmations.every((c) => c.checked === 1), 'the three AML confirmations saved');
        const tax = data.TAXINFO as Record<string, Record<string, unknown>>;
        assert(tax.taxInfo.CN === idNumber && Object.keys(tax.taxInfo).length === 1, `tax numbers saved: ${JSON.stringify(tax.taxInfo)}`);
        assert(tax.w8Info.residenceAddress === '1 KEJI ROAD NANSHAN SHENZHEN' && tax.w8Info.country === 'CN', `W-8BEN saved: ${JSON.stringify(tax.w8Info)}`);
        assertClean(phone);
      } finally {
        await context.close();
      }
    },
  },
];
