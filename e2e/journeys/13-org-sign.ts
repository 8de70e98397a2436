/**
 * Organisation signing (issue 14), in each of the three languages (the screens' texts read from locales/): staff
 * create an organisation and issue its signer a link (ops); the signer opens it on a phone, is refused a wrong ID
 * number, verifies with the right one, photographs the ID document (in simplified Chinese a mainland card, which the
 * service's OCR reads as the signer's; else an HKID, kept for staff) and confirms the details (a certificate is
 * issued), reads the organisation chart,
 * uploads the board resolution, reads and signs, and sees the result with the signed copies. In English, staff then
 * export a signed PDF, whose signature poppler's pdfsig finds valid and openssl verifies against the deployment's CA,
 * and a link staff ended shows "link expired".
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { assert, assertAxeClean, assertClean, newPhone, ops, shot, type Journey, type Service } from '../lib/harness';
import { makeIdFront, SAMPLE_FRONT } from '../../scripts/make-card-images';
import { verifySignedPdf } from '../lib/signed-pdf';
import { textsOf, type Lang } from '../lib/messages';
import { pdfFile } from '../lib/flows';

const PDF = pdfFile('board resolution');

/** An organisation's signer as staff registered them, and the photo of the ID document they take. */
interface Signer {
  name: string;
  idNumber: string;
  /** as the signer types it (spaces, brackets, case) */
  typed: string;
  wrong: string;
  /** a mainland card: read by the OCR */
  read: boolean;
  photo: () => Promise<Buffer>;
}
const HK_SIGNER: Signer = { name: 'CHAN Tai Man', idNumber: 'K1234567(8)', typed: 'k1234567 (8)', wrong: 'K7654321', read: false, photo: () => makeIdFront({ ...SAMPLE_FRONT, name: '陳大文' }) };
const CN_SIGNER: Signer = { name: 'ZHANG Weiming', idNumber: SAMPLE_FRONT.idNumber, typed: SAMPLE_FRONT.idNumber.toLowerCase(), wrong: '11010519491231002X', read: true, photo: () => makeIdFront() };

const exactly = (s: string) => new RegExp(`^${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/** The signature fields pdf.js (the viewer the page uses) finds on a PDF's pages. */
async function pdfjsSignatureFields(pdf: Buffer): Promise<string[]> {
  // pdf.js 6 needs Promise.withResolvers (Node 22+); Node 20 runs the journeys too
  const P = Promise as unknown as { withResolvers?: () => unknown };
  P.withResolvers ??= () => {
    let resolve: unknown;
    let reject: unknown;
    const promise = new Promise((a, b) => {
      resolve = a;
      reject = b;
    });
    return { promise, resolve, reject };
  };
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({ data: new Uint8Array(pdf) });
  const doc = await task.promise;
  const names: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    for (const a of (await (await doc.getPage(i)).getAnnotations()) as { fieldType?: string; fieldName?: string }[]) if (a.fieldType === 'Sig') names.push(a.fieldName ?? '');
  }
  await task.destroy();
  return names;
}

async function issue(service: Service, reg: string): Promise<{ ticket: string; ticketId: string }> {
  const issued = await ops(service, 'sign-ticket', reg);
  const link = issued.split('\n')[0].trim();
  const ticketId = issued.match(/ticket (T\S+),/)?.[1];
  assert(/\/pages\/signature\.html\?ticket=/.test(link) && !!ticketId, `a link and a ticket id (${issued})`);
  return { ticket: new URL(link, service.base).searchParams.get('ticket')!, ticketId: ticketId! };
}

async function signThrough(page: Page, service: Service, lang: Lang, ticket: string, signer: Signer): Promise<void> {
  const t = textsOf(lang);
  const tag = `signature ${lang}`;
  await page.goto(`${service.base}/pages/signature.html?lang=${lang}&ticket=${encodeURIComponent(ticket)}#/`);
  const idNumber = page.getByRole('textbox', { name: exactly(t('orgSign.start.idNumber')) });
  await idNumber.waitFor();
  // the organisation is named before the ID number is asked for (TicketInfo: its name only)
  await page
    .locator('#root p', { hasText: t('orgSign.start.forLabel') })
    .getByText(lang === 'en' ? /^(Harbour Trading Limited|Shenzhen Bay Industrial Limited)$/ : /^(海港貿易有限公司|深圳湾实业有限公司)$/)
    .waitFor();
  await assertAxeClean(page, `${tag} start`);
  await shot(page, `org-sign-start-${lang}`);
  await idNumber.fill(signer.wrong);
  await page.getByRole('button', { name: t('orgSign.start.continue') }).click();
  await page.getByText(t('orgSign.badIdNumber')).waitFor();
  await idNumber.fill(signer.typed);
  await page.waitForTimeout(1100); // the footer button takes one press a second
  await page.getByRole('button', { name: t('orgSign.start.continue') }).click();

  // verify: the details and the ID document's photo (a mainland card read as the signer's), confirmed; the certificate issued
  await page.waitForURL(/#\/verify/);
  await page.getByText(signer.name).waitFor();
  await assertAxeClean(page, `${tag} verify`);
  await shot(page, `org-sign-verify-${lang}`);
  const kind = signer.read ? 'Cn' : 'Other';
  await page.getByLabel(t(`orgSign.verify.idLabel${kind}`)).setInputFiles({ name: 'id.jpg', mimeType: 'image/jpeg', buffer: await signer.photo() });
  const checked = signer.read ? t('orgSign.verify.idRead', { masked: `${signer.idNumber.slice(0, 2)}${'*'.repeat(14)}${signer.idNumber.slice(-2)}` }) : t('orgSign.verify.idKept');
  await page.getByText(checked).waitFor({ timeout: 60_000 });
  await page.getByRole('checkbox', { name: exactly(t('orgSign.verify.confirm')) }).check();
  await assertAxeClean(page, `${tag} verify with the photo`);
  await shot(page, `org-sign-verify-photo-${lang}`);
  await page.getByRole('button', { name: t('orgSign.verify.apply') }).click();

  // doc: the chart read, the resolution uploaded
  await page.waitForURL(/#\/doc/, { timeout: 60_000 });
  const chart = t('orgSign.documents.organizationChart');
  await page.getByRole('button', { name: exactly(chart) }).click();
  const sheet = page.getByRole('dialog', { name: chart });
  await sheet.waitFor();
  await page.waitForFunction(() => !!document.querySelector('.esop-pdf canvas'), undefined, { timeout: 30_000 });
  await shot(page, `org-sign-chart-${lang}`);
  await sheet.getByRole('button', { name: t('ui.close') }).click();
  await page.getByRole('button', { name: t('orgSign.doc.submit') }).click();
  // Submit is never grey: with no file the upload section says why (under "Add a file", which takes the focus) and so does the toast
  await page.getByText(t('orgSign.doc.needOne')).first().waitFor();
  await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.type === 'file', undefined, { timeout: 5000 });
  await page.getByLabel(t('orgSign.doc.add')).setInputFiles({ name: 'board-resolution.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByRole('list', { name: t('orgSign.doc.uploaded') }).getByText('board-resolution.pdf').waitFor();
  // axe reads a toast fading out over the page as low contrast: the "upload one" toast gone first
  await page.locator('.esop-toast').waitFor({ state: 'detached', timeout: 5000 }).catch(() => undefined);
  await page.waitForTimeout(400);
  await assertAxeClean(page, `${tag} doc`);
  await shot(page, `org-sign-doc-${lang}`);
  await page.waitForTimeout(1100);
  await page.getByRole('button', { name: t('orgSign.doc.submit') }).click();

  // sign: read, tick, draw, sign
  await page.waitForURL(/#\/sign/);
  // the documents screen, which lists the opening form too, stays up until the signing screen has loaded
  await page.getByRole('heading', { name: exactly(t('orgSign.sign.documents')) }).waitFor();
  const form = t('orgSign.documents.openingForm');
  await page.getByRole('button', { name: exactly(form) }).click();
  const formSheet = page.getByRole('dialog', { name: form });
  await formSheet.waitFor();
  await page.waitForFunction(() => !!document.querySelector('.esop-pdf canvas'), undefined, { timeout: 30_000 });
  await formSheet.getByRole('button', { name: t('ui.close') }).click();
  await page.getByRole('checkbox', { name: exactly(t('orgSign.sign.readAll')) }).check();
  const pad = page.getByRole('img', { name: t('orgSign.sign.pad') });
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let i = 1; i <= 24; i++) await page.mouse.move(box.x + 30 + i * 11, box.y + box.height * (0.6 - 0.25 * Math.sin(i / 3)), { steps: 2 });
  await page.mouse.up();
  await assertAxeClean(page, `${tag} sign`);
  await shot(page, `org-sign-sign-${lang}`);
  await page.getByRole('button', { name: t('orgSign.sign.sign'), exact: true }).click();

  // result: signed, with the signed copies named by what they sign
  await page.waitForURL(/#\/result/, { timeout: 60_000 });
  await page.getByRole('heading', { name: t('orgSign.result.signed'), exact: true }).waitFor();
  const signedCopy = page.getByRole('list', { name: t('orgSign.result.signedCopies') }).getByRole('button', { name: t('orgSign.documents.signed', { name: form }) });
  await signedCopy.waitFor();
  await assertAxeClean(page, `${tag} result`);
  await shot(page, `org-sign-result-${lang}`);
  // the signed copy opens in the page's viewer (pdf.js)
  await signedCopy.click();
  const copySheet = page.getByRole('dialog', { name: t('orgSign.documents.signed', { name: form }) });
  await copySheet.waitFor();
  await page.waitForFunction(() => !!document.querySelector('.esop-pdf canvas'), undefined, { timeout: 30_000 });
  await shot(page, `org-sign-signed-copy-${lang}`);
  await copySheet.getByRole('button', { name: t('ui.close') }).click();
}

export const journeys: Journey[] = [
  {
    name: "an organisation's signer verifies by ID number, reads, uploads, signs and sees the result in three languages; the signed PDF verifies; an ended link says it expired",
    async run({ service, browser }) {
      const phone = await newPhone(browser);
      const { context, page } = phone;
      try {
        const reg = `HK${Date.now() % 100000000}`;
        const cnReg = `CN${Date.now() % 100000000}`;
        await ops(service, 'org-create', '--name', 'Harbour Trading Limited', '--name-zh', '海港貿易有限公司', '--reg', reg, '--signer', HK_SIGNER.name, '--signer-id', HK_SIGNER.idNumber);
        await ops(service, 'org-create', '--name', 'Shenzhen Bay Industrial Limited', '--name-zh', '深圳湾实业有限公司', '--reg', cnReg, '--country', 'CN', '--signer', CN_SIGNER.name, '--signer-id', CN_SIGNER.idNumber);
        const first = await issue(service, reg);
        await signThrough(page, service, 'en', first.ticket, HK_SIGNER);
        const tickets = await ops(service, 'sign-tickets');
        assert(tickets.includes(`${first.ticketId}  done`) && /ID photo kept/.test(tickets.split('\n').find((l) => l.startsWith(first.ticketId)) ?? ''), `the ticket done, its photo kept (${tickets})`);

        // staff export the signed opening form; poppler's pdfsig (as a reader's signature panel) and openssl verify it
        const dir = mkdtempSync(join(tmpdir(), 'org-sign-'));
        await ops(service, 'sign-export', first.ticketId, '--document', 'openingForm', '--out', join(dir, 'signed.pdf'));
        const pdf = readFileSync(join(dir, 'signed.pdf'));
        verifySignedPdf(pdf, await ops(service, 'sign-ca-cert'));
        const fields = await pdfjsSignatureFields(pdf);
        assert(fields.length === 1, `pdf.js finds the signature field (${JSON.stringify(fields)})`);

        // the same in the two Chinese scripts, each with a link of its own: in simplified Chinese the mainland signer
        await signThrough(page, service, 'zh-CN', (await issue(service, cnReg)).ticket, CN_SIGNER);
        await signThrough(page, service, 'zh-TW', (await issue(service, reg)).ticket, HK_SIGNER);

        // a link staff ended: "link expired, contact service"
        const ended = await issue(service, reg);
        await ops(service, 'sign-expire', ended.ticketId);
        const t = textsOf('en');
        await page.goto(`${service.base}/pages/signature.html?lang=en&ticket=${encodeURIComponent(ended.ticket)}#/`);
        // said at once (TicketInfo), before any ID number is asked for
        await page.getByText(t('orgSign.linkExpired')).waitFor();
        assert((await page.getByRole('textbox').count()) === 0, 'no ID number field on an ended link');
        await assertAxeClean(page, 'signature expired link');
        // the refused ID numbers and the ended link answer 400 (152301; 152302 to TicketInfo): expected
        assertClean(phone, [/status of 400/]);
      } finally {
        await context.close();
      }
    },
  },
];
