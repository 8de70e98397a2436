/**
 * Hong Kong applicant, the closing steps and after: the risk audio heard at 10x (non-production) with the agreements,
 * the agreements page (first-time notice, a PDF opened inside the page, the asset-transfer dialog), a drawn signature
 * and the submit, to /AccountStatus under review; staff send two steps back (ops reject); the applicant sees the
 * reason, edits only those steps and resubmits; staff approve and set the deposit states (ops approve, ops deposit),
 * and the status page shows each. The earlier steps are saved through the service.
 */
import { applicantAt } from '../lib/applicant';
import { appOf } from '../lib/flows';
import { expectFocused } from '../lib/ui';
import { assert, assertAxeClean, assertClean, newPhone, ops, shot, type Journey } from '../lib/harness';

export const journeys: Journey[] = [
  {
    name: 'a Hong Kong applicant hears the risk audio, signs, submits, is sent back, resubmits, is approved and deposits',
    async run({ service, browser }) {
      const phone = await newPhone(browser);
      const { context, page } = phone;
      const mobile = process.env.E2E_PHONE_08 ?? '61230801';
      try {
        const { appId } = await applicantAt(service, context, { type: 'hk', phone: mobile, until: 'RISK' });
        await page.goto(`${service.base}/pages/openAccount.html?lang=en#/risk`);

        // risk disclosure: Next waits for every box and the whole track
        await page.getByRole('heading', { name: 'Risk disclosure', exact: true }).waitFor();
        await page.getByText(/left$/).waitFor();
        for (const box of await page.getByRole('checkbox').all()) await box.check();
        await page.getByRole('button', { name: 'Next' }).click();
        await page.getByText('Please listen to the whole risk disclosure audio').waitFor();
        await page.getByRole('radio', { name: '10x' }).click();
        await page.getByRole('button', { name: 'Play the risk disclosure' }).click();
        await page.getByText('Listened in full', { exact: true }).waitFor({ timeout: 30_000 });
        await shot(page, 'closing-hk-risk-heard-en');
        await assertAxeClean(page, '/risk');
        await page.getByRole('button', { name: 'Next' }).click();

        // agreements: the notice once, a PDF inside the page, read-all, the asset-transfer dialog
        await page.waitForURL(/#\/sign/);
        const notice = page.getByRole('alertdialog', { name: 'Before you sign' });
        await notice.waitFor();
        await notice.getByRole('button', { name: 'I understand' }).click();
        await page.getByRole('button', { name: /Client Money Standing Authority/ }).click();
        const sheet = page.getByRole('dialog', { name: 'Client Money Standing Authority' });
        await sheet.getByRole('group', { name: 'Page 1 of 1' }).waitFor({ timeout: 20_000 });
        await page.waitForFunction(() => !!document.querySelector('.esop-pdf canvas'));
        await shot(page, 'closing-hk-sign-pdf-en');
        await sheet.getByRole('button', { name: 'Close' }).click();
        await assertAxeClean(page, '/sign');
        // Next before the read-all box: the first document not opened yet is named, marked and focused (issue 26)
        await page.getByRole('button', { name: 'Next' }).click();
        await page.getByText('Please read “Client Agreement” before you go on').waitFor();
        await expectFocused(page.getByRole('button', { name: /^Client Agreement/ }), 'Next focuses the first unread document');
        assert(/#\/sign/.test(page.url()), 'Next stays on the agreements while the read-all box is unticked');
        await page.waitForTimeout(1000); // the Next button takes one press a second
        await page.getByRole('checkbox', { name: /I have read, understood and agree/ }).check();
        await page.getByRole('button', { name: 'Next' }).click();
        // the dialog names the box it is about; "Go back to the box" brings it into view, focused
        await page.getByText('Go on without the asset transfer authorisation?').waitFor();
        await shot(page, 'closing-hk-sign-transfer-en');
        await page.getByRole('button', { name: 'Go back to the box' }).click();
        await page.getByText('Go on without the asset transfer authorisation?').waitFor({ state: 'hidden' });
        await page.waitForTimeout(1000); // the Next button takes one press a second
        await page.getByRole('button', { name: 'Next' }).click();
        await page.getByRole('button', { name: 'Continue without it' }).click();

        // the signature: drawn with the pointer, then Submit
        await page.waitForURL(/#\/signature/);
        await page.getByRole('img', { name: /Signature pad/ }).waitFor();
        await assertAxeClean(page, '/signature');
        const pad = page.getByRole('img', { name: /Signature pad/ });
        const box = (await pad.boundingBox())!;
        await page.mouse.move(box.x + 30, box.y + box.height * 0.6);
        await page.mouse.down();
        for (let i = 1; i <= 24; i++) await page.mouse.move(box.x + 30 + i * 11, box.y + box.height * (0.6 - 0.25 * Math.sin(i / 3)), { steps: 2 });
        await page.mouse.up();
        await page.getByRole('button', { name: 'Submit' }).click();

        // submitted: the status page, under review
        await page.waitForURL(/#\/AccountStatus/);
        await page.getByRole('heading', { name: 'Your application is under review' }).waitFor();
        await page.getByText('Under review', { exact: true }).waitFor();
        await page.getByText('Funds deposit pending', { exact: true }).waitFor();
        await shot(page, 'closing-hk-status-review-en');
        let app = await appOf(service, mobile);
        assert(app.applyStatus === 1200, `submitted: ${app.applyStatus}`);
        const signature = (app.data as { SIGNATURE: { documentInfo: { customerSignature: Array<{ ossCategory: string; description: string }> } } }).SIGNATURE;
        assert(signature.documentInfo.customerSignature[0].ossCategory === 'UserApply', 'the signature is a UserApply file');
        assert(/_signature\.png$/.test(signature.documentInfo.customerSignature[0].description), 'named by the phone and the suffix');
        assert((app.data as { RISK: { agreements: string[] } }).RISK.agreements.length === 3, 'three risk agreements');

        // staff send two steps back; only those are editable, then the resubmission
        await ops(service, 'reject', appId, '--steps', 'USERINFO,FINANCE', '--message', 'Please check your name and income.');
        await page.reload();
        await page.getByRole('heading', { name: 'Your application needs corrections' }).waitFor();
        await page.getByText('Please check your name and income.').waitFor();
        // the steps to fix, each with its state
        await page.getByRole('button', { name: /^Personal information\s*:\s*To fix$/ }).waitFor();
        await page.getByRole('button', { name: /^Financial situation\s*:\s*To fix$/ }).waitFor();
        await shot(page, 'closing-hk-status-rejected-en');
        await assertAxeClean(page, '/AccountStatus (sent back)');
        await page.getByRole('button', { name: 'Edit my details' }).click();
        await page.waitForURL(/#\/UserInfo/);
        await page.getByRole('button', { name: 'Next' }).click();
        await page.waitForURL(/#\/Finance/);
        await page.getByRole('heading', { name: 'Financial situation', exact: true }).waitFor();
        // the last step to fix resubmits, after a confirmation
        await page.getByRole('button', { name: 'Resubmit' }).click();
        const confirm = page.getByRole('dialog', { name: 'Resubmit your application?' });
        await confirm.waitFor();
        await shot(page, 'closing-hk-resubmit-en');
        await confirm.getByRole('button', { name: 'Resubmit' }).click();
        await page.waitForURL(/#\/AccountStatus/);
        await page.getByRole('heading', { name: 'Your application is under review' }).waitFor();
        app = await appOf(service, mobile);
        assert(app.applyStatus === 1200 && app.rejectData === null, `resubmitted: ${app.applyStatus}`);

        // approved, then the deposit states
        await ops(service, 'approve', appId);
        await page.reload();
        await page.getByRole('heading', { name: 'Review passed: make your first deposit' }).waitFor();
        await page.getByText('Review passed', { exact: true }).waitFor();
        await page.getByText('Funds deposit pending', { exact: true }).waitFor();
        await page.getByRole('button', { name: 'Deposit now' }).waitFor();
        await ops(service, 'deposit', appId, '2020', '--message', 'The amount did not match.');
        await page.reload();
        await page.getByText('Deposit exception', { exact: true }).waitFor();
        await ops(service, 'deposit', appId, '2010');
        await page.reload();
        await page.getByText('Confirming your deposit', { exact: true }).waitFor();
        await ops(service, 'deposit', appId, '2000');
        await page.reload();
        await page.getByRole('heading', { name: 'Your account is open' }).waitFor();
        await page.getByText('Funds deposited', { exact: true }).waitFor();
        await shot(page, 'closing-hk-status-ready-en');
        assertClean(phone);
      } finally {
        await context.close();
      }
    },
  },
];
