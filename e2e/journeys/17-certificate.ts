/**
 * The certificate of completion (issue 41), in each of the three languages: an applicant set up and submitted through
 * the service from a phone's browser (its User-Agent), whose status page offers "Download certificate of completion";
 * the download is a PDF that poppler's pdfsig and openssl verify against the deployment's CA, in the page's language,
 * naming the phone; its pages are rendered to PNG (e2e/out/certificate-pdf-<lang>-<n>.png). A Hong Kong applicant in
 * English and in traditional Chinese, a mainland one (with the face check) in simplified Chinese. Then an
 * organisation's signer, signed through the service, downloads theirs from the signing page's result.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { applicantAt } from '../lib/applicant';
import { assert, assertAxeClean, assertClean, newPhone, OUT, ops, shot, type Journey, type Service } from '../lib/harness';
import { SIGNER, signAsOrganisation } from '../lib/org-signing';
import { textsOf, type Lang } from '../lib/messages';
import { verifySignedPdf } from '../lib/signed-pdf';

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.135 Mobile Safari/537.36';

/** Presses the download button and waits for the file the browser saves; its bytes. */
async function downloaded(page: Page, name: string): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByRole('button', { name }).click()]);
  const path = await file.path();
  assert(!!path, 'the download was saved');
  return readFileSync(path!);
}

/** Verifies the certificate, keeps it and its pages as PNGs beside the screenshots (e2e/out); its text. */
function checkPdf(pdf: Buffer, caPem: string, tag: string): string {
  verifySignedPdf(pdf, caPem);
  writeFileSync(join(OUT, `certificate-${tag}.pdf`), pdf);
  const dir = mkdtempSync(join(tmpdir(), 'certificate-'));
  try {
    writeFileSync(join(dir, 'c.pdf'), pdf);
    execFileSync('pdftoppm', ['-png', '-r', '60', join(dir, 'c.pdf'), join(OUT, `certificate-pdf-${tag}`)]);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', join(dir, 'c.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function applicantCertificate(service: Service, page: Page, caPem: string, o: { lang: Lang; type: 'cn' | 'hk'; phone: string }): Promise<void> {
  const t = textsOf(o.lang);
  const { client, appId } = await applicantAt(service, page.context(), {
    type: o.type,
    phone: o.phone,
    ...(o.type === 'cn' ? { area: '86', until: 'USERINFO' } : { until: 'CAAPPLY' }),
    headers: { 'user-agent': ANDROID_CHROME },
  });
  await client.call('applySubmit', { appId });
  await page.goto(`${service.base}/pages/openAccount.html?lang=${o.lang}#/${o.type === 'cn' ? 'openStatus' : 'AccountStatus'}`);
  const button = page.getByRole('button', { name: t('completion.download') });
  await button.waitFor();
  await page.getByText(t('completion.hint')).waitFor();
  await assertAxeClean(page, `status page with the certificate (${o.lang})`);
  await shot(page, `certificate-status-${o.lang}`);
  const pdf = await downloaded(page, t('completion.download'));
  const text = checkPdf(pdf, caPem, o.lang);
  assert(text.includes(t('certificate.title')) && text.includes(appId), `the certificate in ${o.lang} names the application (${text.slice(0, 200)})`);
  assert(text.includes(t('certificate.deviceOn', { browser: 'Chrome 131', os: 'Android 14' })), `the phone is named (${o.lang})`);
  assert(text.includes(t(o.type === 'cn' ? 'certificate.face.passed' : 'certificate.face.none')), `the face check (${o.lang})`);
  // each SHA-256 listed is of the file as the applicant downloads it: the certificate step's documents (mainland), then
  // the agreements as the page served them at the SIGN save (in English: the set-up's calls ask in English)
  const app = await client.call<{ data: { SIGN: { agreements: string[] }; CAAPPLY?: { documents: Record<string, string> } } }>('applyDetail', { appId });
  const expected: string[] = [];
  for (const document of ['accountOpeningForm', 'w8ben', 'selfCertificationForm']) {
    if (!app.data.CAAPPLY?.documents[document]) continue;
    const { ossUrl } = await client.call<{ ossUrl: string }>('applyDocument', { appId, document });
    expected.push(sha256(Buffer.from(await (await client.get(ossUrl)).arrayBuffer())));
  }
  for (const a of app.data.SIGN.agreements) expected.push(sha256(await (await page.request.get(`${service.base}/pages/static/agreements/en/${a}.pdf`)).body()));
  const listed = [...text.matchAll(/SHA-256\s+((?:[0-9a-f]{8}\s*){8})/g)].map((m) => m[1]!.replace(/\s+/g, ''));
  assert(expected.length > 0 && JSON.stringify(listed) === JSON.stringify(expected), `the SHA-256s listed are the downloads' (${o.lang}): ${JSON.stringify({ listed, expected })}`);
  // the same file again: made once per submission and language
  const again = await downloaded(page, t('completion.download'));
  assert(again.equals(pdf), 'a second download is the same signed file');
}

export const journeys: Journey[] = [
  {
    name: 'after submit the applicant downloads a signed certificate of completion in three languages; an organisation signer downloads theirs from the result',
    async run({ service, browser }) {
      const caPem = await ops(service, 'sign-ca-cert');
      for (const o of [
        { lang: 'en', type: 'hk', phone: process.env.E2E_PHONE_16A ?? '61231601' },
        { lang: 'zh-TW', type: 'hk', phone: process.env.E2E_PHONE_16B ?? '61231602' },
        { lang: 'zh-CN', type: 'cn', phone: process.env.E2E_PHONE_16C ?? '13800001601' },
      ] as const) {
        const phone = await newPhone(browser, o.lang, ANDROID_CHROME);
        try {
          await applicantCertificate(service, phone.page, caPem, o);
          assertClean(phone);
        } finally {
          await phone.context.close();
        }
      }

      // an organisation's signer: signed through the service, then the signing page's result in the browser
      const phone = await newPhone(browser, 'zh-TW', ANDROID_CHROME);
      try {
        const { page } = phone;
        const t = textsOf('zh-TW');
        const reg = `CT${Date.now() % 100000000}`;
        const { ticket, signed } = await signAsOrganisation(service.base, (...args) => ops(service, ...args), { reg, name: 'Certificate Trading Limited', nameZh: '證明貿易有限公司' }, { 'user-agent': ANDROID_CHROME });
        await page.goto(`${service.base}/pages/signature.html?lang=zh-TW&ticket=${encodeURIComponent(ticket)}#/`);
        await page.getByRole('textbox', { name: new RegExp(`^${t('orgSign.start.idNumber')}`) }).fill(SIGNER.idNumber);
        await page.getByRole('button', { name: t('orgSign.start.continue') }).click();
        await page.waitForURL(/#\/result/, { timeout: 30_000 });
        await page.getByRole('heading', { name: t('orgSign.result.signed'), exact: true }).waitFor();
        await page.getByRole('button', { name: t('completion.download') }).waitFor();
        await assertAxeClean(page, 'signing result with the certificate');
        await shot(page, 'certificate-org-result-zh-TW');
        const pdf = await downloaded(page, t('completion.download'));
        const text = checkPdf(pdf, caPem, 'org-zh-TW');
        assert(text.includes(t('certificate.title')) && text.includes('證明貿易有限公司') && text.includes(SIGNER.name), 'the signer\'s certificate names the organisation and the signer');
        assert(signed.length === 2 && (text.match(/SHA-256\s+[0-9a-f]{8}/g) ?? []).length === 2, 'each signed document with its SHA-256');
        assert(text.includes(t('certificate.deviceOn', { browser: 'Chrome 131', os: 'Android 14' })), 'the phone the signer signed on');
        assertClean(phone);
      } finally {
        await phone.context.close();
      }
    },
  },
];
