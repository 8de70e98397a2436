/**
 * Organisation signing (issue 14): staff create an organisation and issue its signer a link (ops); the signer opens it
 * on a phone, is refused a wrong ID number, verifies with the right one, confirms the details (a certificate is
 * issued), reads the organisation chart, uploads the board resolution, reads and signs, and sees the result with the
 * signed copies; staff export a signed PDF, whose signature poppler's pdfsig finds valid and openssl verifies against
 * the deployment's CA. A link staff ended shows "link expired".
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assert, assertAxeClean, assertClean, newPhone, ops, shot, type Journey } from '../lib/harness';

const PDF = Buffer.from('%PDF-1.7\n% board resolution\n1 0 obj <<>> endobj\n%%EOF\n');

export const journeys: Journey[] = [
  {
    name: "an organisation's signer verifies by ID number, reads, uploads, signs and sees the result; an ended link says it expired",
    async run({ service, browser }) {
      const phone = await newPhone(browser);
      const { context, page } = phone;
      try {
        const reg = `HK${Date.now() % 100000000}`;
        await ops(service, 'org-create', '--name', 'Harbour Trading Limited', '--name-zh', '海港貿易有限公司', '--reg', reg, '--signer', 'CHAN Tai Man', '--signer-id', 'K1234567(8)');
        const issued = await ops(service, 'sign-ticket', reg);
        const link = issued.split('\n')[0].trim();
        const ticketId = issued.match(/ticket (T\S+),/)?.[1];
        assert(/\/pages\/signature\.html\?ticket=/.test(link) && !!ticketId, `a link and a ticket id (${issued})`);
        const ticket = new URL(link, service.base).searchParams.get('ticket')!;

        await page.goto(`${service.base}/pages/signature.html?lang=en&ticket=${encodeURIComponent(ticket)}#/`);
        const idNumber = page.getByRole('textbox', { name: /Your ID number/ });
        await idNumber.waitFor();
        await assertAxeClean(page, 'signature start');
        await shot(page, 'org-sign-start-en');
        await idNumber.fill('K7654321');
        await page.getByRole('button', { name: 'Continue' }).click();
        await page.getByText('Invalid ID number, please re-enter.').waitFor();
        await idNumber.fill('k1234567 (8)');
        await page.waitForTimeout(1100); // the footer button takes one press a second
        await page.getByRole('button', { name: 'Continue' }).click();

        // verify: the details, confirmed; the certificate issued
        await page.waitForURL(/#\/verify/);
        await page.getByText('CHAN Tai Man').waitFor();
        await page.getByText('K1****78').or(page.getByText(/^K1\*+/)).first().waitFor();
        await assertAxeClean(page, 'signature verify');
        await page.getByRole('checkbox', { name: /These details are mine/ }).check();
        await page.getByRole('button', { name: 'Confirm and continue' }).click();

        // doc: the chart read, the resolution uploaded
        await page.waitForURL(/#\/doc/, { timeout: 60_000 });
        await page.getByRole('button', { name: /Organisation chart/ }).click();
        const sheet = page.getByRole('dialog', { name: 'Organisation chart' });
        await sheet.getByRole('group', { name: /^Page 1 of/ }).waitFor({ timeout: 30_000 });
        await shot(page, 'org-sign-chart-en');
        await sheet.getByRole('button', { name: 'Close' }).click();
        await page.getByRole('button', { name: 'Submit documents' }).click();
        await page.getByText('Please upload at least one document').waitFor();
        await page.getByLabel('Add a file').setInputFiles({ name: 'board-resolution.pdf', mimeType: 'application/pdf', buffer: PDF });
        await page.getByRole('list', { name: 'Uploaded' }).getByText('board-resolution.pdf').waitFor();
        await assertAxeClean(page, 'signature doc');
        await page.waitForTimeout(1100);
        await page.getByRole('button', { name: 'Submit documents' }).click();

        // sign: read, tick, draw, sign
        await page.waitForURL(/#\/sign/);
        await page.getByRole('button', { name: /Account opening form/ }).click();
        const form = page.getByRole('dialog', { name: 'Account opening form' });
        await form.getByRole('group', { name: /^Page 1 of/ }).waitFor({ timeout: 30_000 });
        await form.getByRole('button', { name: 'Close' }).click();
        await page.getByRole('checkbox', { name: /I have read all the documents/ }).check();
        const pad = page.getByRole('img', { name: 'Your signature' }).or(page.locator('canvas')).first();
        await pad.scrollIntoViewIfNeeded();
        const box = (await pad.boundingBox())!;
        await page.mouse.move(box.x + 30, box.y + box.height * 0.6);
        await page.mouse.down();
        for (let i = 1; i <= 24; i++) await page.mouse.move(box.x + 30 + i * 11, box.y + box.height * (0.6 - 0.25 * Math.sin(i / 3)), { steps: 2 });
        await page.mouse.up();
        await assertAxeClean(page, 'signature sign');
        await shot(page, 'org-sign-sign-en');
        await page.getByRole('button', { name: 'Sign', exact: true }).click();

        // result: signed, with the signed copies
        await page.waitForURL(/#\/result/, { timeout: 60_000 });
        await page.getByRole('heading', { name: 'Signed', exact: true }).waitFor();
        await page.getByRole('list', { name: 'Signed documents' }).getByRole('button').first().waitFor();
        await assertAxeClean(page, 'signature result');
        await shot(page, 'org-sign-result-en');

        // staff export the signed opening form; its signature verifies against the deployment's CA
        const dir = mkdtempSync(join(tmpdir(), 'org-sign-'));
        await ops(service, 'sign-export', ticketId!, '--document', 'openingForm', '--out', join(dir, 'signed.pdf'));
        writeFileSync(join(dir, 'ca.pem'), await ops(service, 'sign-ca-cert'));
        const pdf = readFileSync(join(dir, 'signed.pdf'));
        const text = pdf.toString('latin1');
        const range = text.match(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/)!.slice(1).map(Number);
        const contents = text.slice(range[0] + range[1] + 1, range[2] - 1).replace(/0+$/, '');
        writeFileSync(join(dir, 'sig.der'), Buffer.from(contents.length % 2 ? `${contents}0` : contents, 'hex'));
        writeFileSync(join(dir, 'signed-bytes'), Buffer.concat([pdf.subarray(range[0], range[0] + range[1]), pdf.subarray(range[2], range[2] + range[3])]));
        // poppler's pdfsig (CI installs poppler-utils) reads the PDF's signature as a reader's signature panel does
        const pdfsig = execFileSync('pdfsig', [join(dir, 'signed.pdf')]).toString();
        assert(/Signature Validation: Signature is Valid\./.test(pdfsig) && /Total document signed/.test(pdfsig), `pdfsig: the signature is valid\n${pdfsig}`);
        execFileSync('openssl', ['cms', '-verify', '-binary', '-inform', 'DER', '-in', join(dir, 'sig.der'), '-content', join(dir, 'signed-bytes'), '-CAfile', join(dir, 'ca.pem'), '-purpose', 'any', '-out', '/dev/null'], { stdio: 'pipe' });

        // a link staff ended: "link expired, contact service"
        const second = await ops(service, 'sign-ticket', reg);
        const secondId = second.match(/ticket (T\S+),/)![1];
        const secondTicket = new URL(second.split('\n')[0].trim(), service.base).searchParams.get('ticket')!;
        await ops(service, 'sign-expire', secondId);
        await page.goto(`${service.base}/pages/signature.html?lang=en&ticket=${encodeURIComponent(secondTicket)}#/`);
        await page.getByRole('textbox', { name: /Your ID number/ }).fill('K1234567(8)');
        await page.getByRole('button', { name: 'Continue' }).click();
        await page.getByText('This link has expired. Please contact us for a new one.').waitFor();
        await assertAxeClean(page, 'signature expired link');
        // the refused ID number and the ended link answer 400 (152301, 152302): expected
        assertClean(phone, [/status of 400/]);
      } finally {
        await context.close();
      }
    },
  },
];
