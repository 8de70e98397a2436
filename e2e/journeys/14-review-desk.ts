/**
 * The review desk (issue 28), with the applicant's status page open beside it: a Hong Kong applicant (saved through
 * the service) submits a margin application; a reviewer signs in to the desk with a password and an authenticator
 * code, claims the case and sends one step back with a reason; the applicant's open status page shows it without a
 * reload; the applicant fixes the step and resubmits on the phone; the reviewer gives the first approval and an
 * approver the second (four eyes: margin); the status page shows the approval without a reload; a small webhook
 * receiver gets both decisions, signed. Staff on a desktop viewport, the applicant on 375x667.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { generate } from 'otplib';
import { applicantAt } from '../lib/applicant';
import { pdfFile } from '../lib/flows';
import { uploadsSettled } from '../lib/ui';
import { SAMPLE_FRONT, SAMPLE_HK_FRONT, makeHkIdFront, makeIdFront } from '../../scripts/make-card-images';
import { STEP_VERSION } from '../../src/core/domain/steps';
import { investmentSample } from '../../src/core/domain/step-samples';
import { assert, assertAxeClean, assertClean, freePort, newPhone, ops, shot, startService, type Journey, type Service } from '../lib/harness';
import { verifyWebhook } from '../../server/src/jobs/webhook';

const SECRET = 'e2e-webhook-secret-0123456789abcdef0123';
const DESKTOP = { width: 1440, height: 900 };

interface NewStaff {
  password: string;
  totpSecret: string;
}

async function staffOf(service: Service, login: string, role: string, name: string): Promise<NewStaff> {
  return JSON.parse(await ops(service, 'staff-create', login, '--role', role, '--name', name, '--json')) as NewStaff;
}

async function signIn(browser: Browser, service: Service, login: string, s: NewStaff) {
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-GB' });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || /Content Security Policy/i.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await page.goto(`${service.base}/desk/`);
  await page.getByRole('heading', { name: 'Review desk' }).waitFor();
  await page.getByLabel('Login').fill(login);
  await page.getByLabel('Password').fill(s.password);
  await page.getByLabel('Authenticator code').fill(await generate({ secret: s.totpSecret }));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Applications to review' }).waitFor();
  // before the sign-in, the desk's session check is answered 401 (no staff session yet), which Chromium logs
  assert(problems.every((p) => /status of 401/.test(p)), `the sign-in logged problems:\n  ${problems.join('\n  ')}`);
  problems.length = 0;
  return { context, page, problems };
}

/** the queue's row of the application, claimed by this staff member, then its case opened */
async function claimAndOpen(page: Page, name: string) {
  await page.getByRole('button', { name: `Claim the application of ${name}` }).click();
  await page.getByText('You hold this application now.').waitFor();
  await page.getByRole('link', { name, exact: true }).click();
  await page.getByRole('heading', { name, level: 1 }).waitFor();
  await page.getByText('You hold this application.').waitFor();
}

/** a case the reviewer holds already (a send-back keeps the claim), opened from the queue */
async function openHeld(page: Page, name: string) {
  await page.getByRole('link', { name, exact: true }).click();
  await page.getByRole('heading', { name, level: 1 }).waitFor();
  await page.getByText('You hold this application.').waitFor();
}

/** approve by the button, confirmed in the dialog that names what it does; the desk then looks for the next case */
/** the case of the applicant of this name, found with the queue's search; other journeys' applicants of the same name
 * are told apart as a reviewer would, by the application number under the name */
async function findByName(page: Page, name: string, appId: string) {
  await page.getByRole('searchbox').fill(name);
  await page.getByRole('cell', { name: `${name} ${appId.slice(0, 8)}` }).getByRole('link', { name, exact: true }).click();
  await page.getByRole('heading', { name, level: 1 }).waitFor();
}

async function approve(page: Page, button: string, title: string, done: string) {
  await page.getByRole('tab', { name: 'Approve' }).click();
  await page.getByRole('button', { name: button }).click();
  const confirm = page.getByRole('dialog', { name: title });
  await confirm.waitFor();
  await confirm.getByRole('button', { name: button }).click();
  await page.getByText(done).waitFor();
}

export const journeys: Journey[] = [
  {
    name: 'a reviewer sends a step back from the desk, the applicant fixes it, and two approvers open a margin account (live status, webhook)',
    async run({ browser }) {
      // the webhook receiver: each delivery's signature checked against the raw body
      const received: { kind: string; appId: string; verified: boolean }[] = [];
      const port = await freePort();
      const receiver = createServer((req: IncomingMessage, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const raw = Buffer.concat(chunks);
          const body = JSON.parse(raw.toString('utf8')) as { kind: string; appId: string };
          received.push({ kind: body.kind, appId: body.appId, verified: verifyWebhook(SECRET, req.headers['x-esop-signature'] as string | undefined, raw, Math.floor(Date.now() / 1000)) });
          res.writeHead(204).end();
        });
      });
      await new Promise<void>((r) => receiver.listen(port, '127.0.0.1', r));
      const service = await startService({ OUTBOX_WEBHOOK_URL: `http://127.0.0.1:${port}/hook`, OUTBOX_WEBHOOK_SECRET: SECRET, OUTBOX_SWEEP_SECONDS: '1' });
      const phone = await newPhone(browser);
      const staff: { context: { close(): Promise<void> }; problems: string[] }[] = [];
      try {
        const rita = await staffOf(service, 'rita', 'reviewer', 'Rita Reviewer');
        const alan = await staffOf(service, 'alan', 'approver', 'Alan Approver');

        // the applicant: a margin application, submitted; the status page stays open from here on
        const { client, appId } = await applicantAt(service, phone.context, { type: 'hk', phone: '61239001', until: 'CAAPPLY', accountType: 2 });
        // the HKID's front read by OCR (issue 41) and saved as the step's photo: the desk shows the reading beside the saved answers
        const card = await client.upload(await makeHkIdFront(SAMPLE_HK_FRONT), 'hkid.jpg', 'UserInfo');
        const reading = await client.call<{ idNumber: string }>('hkIdcardOcr', { ossId: card.ossId });
        assert(reading.idNumber === 'K1234560', `the HKID read: ${JSON.stringify(reading)}`);
        const before = await client.call<{ data: Record<string, Record<string, unknown>> }>('applyDetail', { appId });
        const front = { ossId: card.ossId, url: card.ossUrl, description: 'hkid.jpg', ossCategory: 'UserInfo' };
        await client.call('applyUpdate', { appId, stepVersion: STEP_VERSION, currentStep: 'HK_IDCARD', draft: false, data: { ...before.data.HK_IDCARD, documentInfo: { nonMainlandDocument: { front } } } });
        // derivatives knowledge claimed by a course, its certificate attached (issue 41): the desk shows it under the answer
        const certificate = await client.upload(pdfFile('derivatives course certificate'), 'course-certificate.pdf', 'UserApply');
        const evidence = { trainingCourse: [{ ossId: certificate.ossId, url: certificate.ossUrl, description: 'course-certificate.pdf', ossCategory: 'UserApply' }] };
        await client.call('applyUpdate', { appId, stepVersion: STEP_VERSION, currentStep: 'INVESTMENT', draft: false, data: { ...investmentSample({}, true), derivativeEvidence: evidence } });
        await client.call('applySubmit', { appId });
        const app = await client.call<{ name: string | null }>('applyDetail', { appId });
        const name = app.name ?? '';
        assert(name.length > 0, 'the applicant has a name');
        const status = phone.page;
        await status.goto(`${service.base}/pages/openAccount.html?lang=en#/AccountStatus`);
        await status.getByRole('heading', { name: 'Your application is under review' }).waitFor();

        // the reviewer signs in with the authenticator code, claims the case and sends one step back
        const r = await signIn(browser, service, 'rita', rita);
        staff.push(r);
        await r.page.getByRole('button', { name: /^1 Under review/ }).waitFor();
        await shot(r.page, 'desk-queue-en');
        await assertAxeClean(r.page, 'desk queue');
        await claimAndOpen(r.page, name);
        await r.page.getByRole('button', { name: 'Personal information' }).waitFor();
        // what the OCR read from the HKID: the number under its step, the names, birth date and sex under personal information
        const ocrTables = r.page.locator('.ant-table-wrapper').filter({ has: r.page.getByRole('heading', { name: 'Read from the photos (OCR)' }) });
        await ocrTables.first().waitFor();
        const ocrText = (await ocrTables.allTextContents()).join(' ');
        for (const part of ['K1234560', 'CHAN', 'TAI MAN', 'Male']) assert(ocrText.includes(part), `the desk shows the reading ${part}: ${ocrText}`);
        await shot(r.page, 'desk-case-en');
        await assertAxeClean(r.page, 'desk case');
        // the evidence of derivatives knowledge under its answer, by what it is
        const certificateRow = r.page.getByRole('row').filter({ hasText: 'Training certificate' });
        await certificateRow.first().waitFor();
        assert(((await certificateRow.first().textContent()) ?? '').includes('Derivatives training certificate 1'), 'the desk names the evidence under its answer');
        await r.page.getByRole('tab', { name: 'Send back' }).click();
        await r.page.getByRole('checkbox', { name: 'Personal information' }).check();
        // the reason chosen with the keyboard: the list opens on the first reason
        await r.page.getByLabel('Reason').focus();
        await r.page.keyboard.press('ArrowDown');
        await r.page.locator('.ant-select-item-option-active[title="A document is unclear"]').waitFor();
        await r.page.keyboard.press('Enter');
        await r.page.locator('.ant-select-selection-item[title="A document is unclear"]').waitFor();
        await r.page.getByLabel('Message to the applicant').fill('Please check the spelling of your name.');
        await shot(r.page, 'desk-send-back-en');
        await r.page.getByRole('button', { name: 'Send back', exact: true }).last().click();
        const sendBack = r.page.getByRole('dialog', { name: 'Send the chosen steps back to the applicant?' });
        await sendBack.waitFor();
        await sendBack.getByRole('button', { name: 'Send back' }).click();
        await r.page.getByText('The steps were sent back to the applicant.').waitFor();
        // the case left her hands: the desk looks for the next one (none waits) and shows the queue
        await r.page.getByText('No other case is waiting for review.').waitFor();
        await r.page.getByRole('heading', { name: 'Applications to review' }).waitFor();

        // the open status page shows it without a reload; the applicant fixes the step and resubmits
        await status.getByRole('heading', { name: 'Your application needs corrections' }).waitFor({ timeout: 20_000 });
        await status.getByText('Please check the spelling of your name.').waitFor();
        await shot(status, 'desk-applicant-sent-back-en');
        await status.getByRole('button', { name: 'Edit my details' }).click();
        await status.waitForURL(/#\/UserInfo/);
        await status.getByLabel('E-mail').fill('chan.taiman@example.com');
        await status.getByRole('button', { name: 'Resubmit' }).click();
        const confirm = status.getByRole('dialog', { name: 'Resubmit your application?' });
        await confirm.waitFor();
        await confirm.getByRole('button', { name: 'Resubmit' }).click();
        await status.waitForURL(/#\/AccountStatus/);
        await status.getByRole('heading', { name: 'Your application is under review' }).waitFor();

        // the correction came back to the reviewer who asked for it, with what changed; her first approval by keyboard
        await r.page.getByRole('link', { name: 'Back to the queue' }).click().catch(() => undefined);
        await r.page.getByRole('heading', { name: 'Applications to review' }).waitFor();
        await openHeld(r.page, name);
        await r.page.getByText('Resubmitted: 1 field changed since the last submission.').waitFor();
        await r.page.keyboard.press('2');
        const changes = r.page.getByRole('tabpanel', { name: 'Changes' });
        await changes.getByText('chan.taiman@example.com').waitFor();
        await changes.getByText('taiman@gmail.com').waitFor();
        await shot(r.page, 'desk-diff-en');
        await assertAxeClean(r.page, 'desk changes');
        await r.page.getByText('This application needs two approvals (margin account or AML hit).').waitFor();
        await r.page.keyboard.press('?');
        await r.page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
        // Escape reaches the dialog once it has the focus (it takes it when its opening animation ends); pressed
        // before, it went to the page and the dialog stayed (seen with the journey run alone on an idle machine)
        await r.page.waitForFunction(() => !!document.activeElement?.closest('.ant-modal-wrap, [role="dialog"]'));
        await shot(r.page, 'desk-shortcuts-en');
        await r.page.keyboard.press('Escape');
        await r.page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor({ state: 'hidden' });
        // the shortcut goes to the page once the focus has left the closing dialog (keys pressed inside a dialog are
        // the dialog's); pressed while its closing animation still held the focus, "a" was lost (seen with three lanes)
        await r.page.waitForFunction(() => !document.activeElement?.closest('.ant-modal-wrap, [role="dialog"]'));
        await r.page.keyboard.press('a');
        await r.page.getByRole('dialog', { name: 'Give the first of two approvals?' }).waitFor();
        await r.page.keyboard.press('Enter');
        await r.page.getByText('Your approval is recorded. The application waits for a second approver.').waitFor();
        await r.page.getByRole('heading', { name: 'Applications to review' }).waitFor();

        const a = await signIn(browser, service, 'alan', alan);
        staff.push(a);
        await a.page.getByText('1st approval: Rita Reviewer').waitFor();
        await claimAndOpen(a.page, name);
        await a.page.getByText(/First approval by Rita Reviewer/).waitFor();
        await shot(a.page, 'desk-second-approval-en');
        await approve(a.page, 'Approve', 'Approve and open the account?', 'Approval recorded.');
        await a.page.getByRole('heading', { name: 'Applications to review' }).waitFor();

        // the account updates' page (none waits here), once the notices have faded (axe reads a fading one's contrast)
        await a.page.waitForFunction(() => !document.querySelector('.ant-message-notice'), undefined, { timeout: 30_000 }); // 3 s each, later under a loaded CI machine
        await a.page.getByRole('link', { name: 'Account updates' }).click();
        await a.page.getByText('No update waits for review.').waitFor();
        await assertAxeClean(a.page, 'desk account updates');
        await a.page.getByRole('link', { name: 'Organisations' }).click();
        await a.page.getByRole('heading', { name: 'Organisation signing' }).waitFor();
        await a.page.getByText('No organisation yet.').waitFor();
        await assertAxeClean(a.page, 'desk organisations');

        // the status page shows the approval without a reload
        await status.getByRole('heading', { name: 'Review passed: make your first deposit' }).waitFor({ timeout: 20_000 });
        await shot(status, 'desk-applicant-approved-en');

        // the webhook receiver got both decisions, signed
        const deadline = Date.now() + 30_000;
        const got = () => received.filter((e) => e.appId === appId && e.verified).map((e) => e.kind);
        while (!(got().includes('reject') && got().includes('approve')) && Date.now() < deadline) await new Promise((res) => setTimeout(res, 250));
        assert(got().includes('reject') && got().includes('approve'), `webhook events: ${JSON.stringify(received)}`);
        assert(received.every((e) => e.verified), 'every delivery is signed');

        assertClean(phone);
        for (const s of staff) assert(s.problems.length === 0, `the desk logged problems:\n  ${s.problems.join('\n  ')}`);
      } finally {
        for (const s of staff) await s.context.close();
        await phone.context.close();
        await service.stop();
        await new Promise((r) => receiver.close(r));
      }
    },
  },
  {
    name: 'the professional-person verification: a mainland applicant hands the proofs over on the phone, a reviewer finds the case by name, checks the proofs and accepts them',
    async run({ browser, service }) {
      const phone = await newPhone(browser);
      const staff: { context: { close(): Promise<void> }; problems: string[] }[] = [];
      try {
        const veraLogin = `vera${Date.now() % 100000}`;
        const vera = { login: veraLogin, s: await staffOf(service, veraLogin, 'reviewer', 'Vera Reviewer') };
        // a mainland applicant staff marked for the verification: the submit answers 1500
        const number = `139${String(Date.now()).slice(-8)}`;
        const { client, appId } = await applicantAt(service, phone.context, { type: 'cn', phone: number, area: '86', until: 'HK_IDCARD', accountType: 1 });
        await ops(service, 'user', number, '--area', '86', '--witness', '1');
        const submitted = await client.call<{ application: { applyStatus: number } }>('applySubmit', { appId });
        assert(submitted.application.applyStatus === 1500, `the submit answers 1500, got ${submitted.application.applyStatus}`);
        const name = (await client.call<{ name: string | null }>('applyDetail', { appId })).name ?? '';

        // the reviewer finds it by the applicant's name: waiting for the applicant, nothing handed over yet
        const v = await signIn(browser, service, vera.login, vera.s);
        staff.push(v);
        await findByName(v.page, name, appId);
        await v.page.getByText('Nothing has been handed over yet.').waitFor();

        // the applicant hands the proofs over on the phone
        const page = phone.page;
        // from the status page, the way back to the verification the applicant left for later
        await page.goto(`${service.base}/pages/openAccount.html?lang=en#/openStatus`);
        await page.getByRole('button', { name: 'Upload documents for verification' }).click();
        await page.getByRole('heading', { name: 'Identity verification' }).waitFor();
        await page.getByRole('heading', { name: 'We have received your application' }).waitFor();
        await page.getByLabel('Identity document', { exact: true }).setInputFiles({ name: 'id.jpg', mimeType: 'image/jpeg', buffer: await makeIdFront(SAMPLE_FRONT) });
        await page.getByLabel('Proof of address', { exact: true }).setInputFiles({ name: 'bill.pdf', mimeType: 'application/pdf', buffer: pdfFile('electricity bill') });
        await uploadsSettled(page);
        await shot(page, 'witness-en');
        await page.getByRole('button', { name: 'Send for verification' }).click();
        await page.waitForURL(/#\/openStatus/);

        // the open case follows without a reload: the proofs to check, first among the documents
        await v.page.getByText('Professional-person verification: proofs to check').waitFor({ timeout: 20_000 });
        await v.page.getByText('Proofs to verify').first().waitFor();
        const docs = v.page.getByRole('list', { name: 'Documents' });
        await docs.getByRole('button', { name: 'Verification: identity document 1' }).waitFor();
        await docs.getByRole('button', { name: 'Verification: proof of address 1' }).click();
        await v.page.getByRole('group', { name: 'Page 1 of 1' }).waitFor();
        // claimed and decided by keyboard: c claims, the verification tab is the one open, Enter confirms
        await v.page.keyboard.press('c');
        await v.page.getByText('You hold this application.').waitFor();
        await shot(v.page, 'desk-witness-en');
        await assertAxeClean(v.page, 'desk witness case');
        await v.page.getByRole('tab', { name: 'Verification proofs', selected: true }).waitFor();
        await v.page.getByRole('button', { name: 'Accept the proofs' }).click();
        const confirm = v.page.getByRole('dialog', { name: 'Accept the proofs and put the application back under review?' });
        await confirm.waitFor();
        await confirm.getByRole('button', { name: 'Accept the proofs' }).click();
        await v.page.getByText('The proofs are accepted: the application is under review.').waitFor();
        await v.page.locator('.desk-case-head').getByText('Under review', { exact: true }).waitFor();
        const after = await client.call<{ applyStatus: number }>('applyDetail', { appId });
        assert(after.applyStatus === 1200, `accepted proofs put the application under review, got ${after.applyStatus}`);
        assertClean(phone);
        for (const s of staff) assert(s.problems.length === 0, `the desk logged problems:\n  ${s.problems.join('\n  ')}`);
      } finally {
        for (const s of staff) await s.context.close();
        await phone.context.close();
      }
    },
  },
];
