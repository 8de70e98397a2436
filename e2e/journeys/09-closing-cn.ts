/**
 * Mainland applicant, the closing steps to the end: the Mandarin risk track heard at 10x, the agreements, the
 * signature, the face liveness step with Chromium's fake camera playing a video of the applicant's face (the face
 * printed on the ID card the prefill saved; the screen's guidance sees it, the recording stops by itself, the
 * service's face check passes), the certificate documents and submit; then /openStatus in each view, driven by staff
 * (ops set-status, reject, approve). The earlier steps are saved through the service.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { makeFaceVideo } from '../../scripts/make-face-video';
import { applicantAt } from '../lib/applicant';
import { appOf } from '../lib/flows';
import { APPLICANT_FACE } from '../lib/prefill';
import { assert, assertAxeClean, assertClean, CHROMIUM, CHROMIUM_ARGS, newPhone, OUT, ops, shot, type Journey } from '../lib/harness';

export const journeys: Journey[] = [
  {
    name: 'a mainland applicant hears the Mandarin track, signs, records a face video, submits; the result page shows each view',
    async run({ service }) {
      // the fake camera loops this file: the applicant's face swaying a little
      mkdirSync(OUT, { recursive: true });
      const y4m = join(OUT, 'fake-camera-face.y4m');
      writeFileSync(y4m, await makeFaceVideo(readFileSync(APPLICANT_FACE), { seconds: 4, fps: 10, format: 'y4m' }));
      const browser = await chromium.launch({
        executablePath: CHROMIUM,
        headless: true,
        args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${y4m}`],
      });
      const phone = await newPhone(browser, 'zh-CN');
      const { context, page } = phone;
      const mobile = process.env.E2E_PHONE_09 ?? '13800000909';
      try {
        const { appId } = await applicantAt(service, context, { type: 'cn', phone: mobile, area: '86', until: 'RISK', accountType: 1 });
        await page.goto(`${service.base}/pages/openAccount.html?lang=zh-CN#/risk`);
        await page.getByRole('heading', { name: '风险披露', exact: true }).waitFor();
        await page.getByText('陈美玲').waitFor();
        await page.getByRole('radio', { name: '10x' }).click();
        await page.getByRole('button', { name: '播放风险披露' }).click();
        for (const box of await page.getByRole('checkbox').all()) await box.check();
        await page.getByText('已完整收听', { exact: true }).waitFor({ timeout: 30_000 });
        await page.getByRole('button', { name: '下一步' }).click();

        await page.waitForURL(/#\/sign/);
        await page.getByRole('button', { name: '我知道了' }).click();
        // a cash account at 40: five agreements
        assert((await page.locator('.esop-sign__doc').count()) === 5, 'five agreements for a cash account');
        await page.getByRole('checkbox', { name: /本人已阅读、明白并同意/ }).check();
        await page.getByRole('checkbox', { name: /资产转移授权/ }).check();
        await page.getByRole('button', { name: '下一步' }).click();

        await page.waitForURL(/#\/signature/);
        const pad = page.getByRole('img', { name: /签名板/ });
        const box = (await pad.boundingBox())!;
        await page.mouse.move(box.x + 40, box.y + box.height / 2);
        await page.mouse.down();
        for (let i = 1; i <= 20; i++) await page.mouse.move(box.x + 40 + i * 12, box.y + box.height / 2 + 30 * Math.sin(i / 2), { steps: 2 });
        await page.mouse.up();
        await page.getByRole('button', { name: '下一步' }).click();
        await page.waitForURL(/#\/livingWitness/);
        let app = await appOf(service, mobile, '86');
        assert(app.latestStep === 'SIGNATURE' && app.protocolStatus === 2, `signed with the transfer protocol: ${app.latestStep} ${app.protocolStatus}`);

        // face liveness: the guidance (Human's detector from our own origin) finds the face in the oval
        await page.getByRole('heading', { name: '人脸验证', exact: true }).waitFor();
        await page.getByText('很好，请点击开始录制').waitFor({ timeout: 60_000 }).catch(async (e) => {
          await shot(page, 'liveness-guidance-missing');
          throw e;
        });
        await shot(page, 'liveness-camera-zh-CN');
        await assertAxeClean(page, '/livingWitness (camera)');
        await page.getByRole('button', { name: '开始录制' }).click();
        await page.getByRole('button', { name: '完成' }).waitFor();
        // the recording stops by itself; the upload's states, then the check
        await page.getByRole('heading', { name: '人脸验证通过' }).waitFor({ timeout: 90_000 });
        await page.getByRole('img', { name: '保存的视频画面' }).waitFor();
        await shot(page, 'liveness-passed-zh-CN');
        await assertAxeClean(page, '/livingWitness (passed)');
        await page.getByRole('button', { name: '下一步' }).click();

        // the certificate documents, then submit
        await page.waitForURL(/#\/caApply/);
        // Submit no longer waits for the documents by itself (tapped early it marks the one not ready): wait for all three
        for (const doc of ['开户申请表', 'W-8BEN 表格', '税务居民身份自我证明表格']) await page.locator('.esop-sign__doc:enabled', { hasText: doc }).waitFor({ timeout: 90_000 });
        await page.getByRole('button', { name: '提交' }).click();
        await page.waitForURL(/#\/openStatus/, { timeout: 60_000 });
        await page.getByRole('heading', { name: '资料审核中' }).waitFor();
        app = await appOf(service, mobile, '86');
        assert((app.applyStatus as number) >= 1200, `submitted: ${app.applyStatus}`);
        assert(typeof (app.data as { LIVINGWITNESS?: { livingBodyVerifyId?: unknown } }).LIVINGWITNESS?.livingBodyVerifyId === 'number', 'the step names the passed check');

        // the result page in each view
        await ops(service, 'set-status', appId, '1200');
        await page.goto(`${service.base}/pages/openAccount.html?lang=zh-CN#/openStatus`);
        await page.reload();
        await page.getByRole('heading', { name: '资料审核中' }).waitFor();
        await page.getByText('我们正在审核您的申请，预计 1-2 个工作日内完成开户。').waitFor();
        await shot(page, 'closing-cn-open-status-approving-zh-CN');
        await ops(service, 'reject', appId, '--steps', 'BANKCARD', '--message', '银行卡照片不清晰');
        await page.reload();
        await page.getByRole('heading', { name: '您的申请需要修改' }).waitFor();
        await page.getByRole('button', { name: /^银行卡\s*：\s*待修改$/ }).waitFor();
        await page.getByText('银行卡照片不清晰').waitFor();
        await shot(page, 'closing-cn-open-status-rejected-zh-CN');
        await assertAxeClean(page, '/openStatus (rejected)');
        await page.getByRole('button', { name: '补充资料' }).click();
        await page.waitForURL(/#\/bankCard/);
        await ops(service, 'set-status', appId, '1200');
        await ops(service, 'approve', appId);
        await page.goto(`${service.base}/pages/openAccount.html?lang=zh-CN#/openStatus`);
        await page.reload();
        // opened, no deposit yet: review passed and the deposit asked
        await page.getByRole('heading', { name: '审核通过，请完成首次入金' }).waitFor();
        app = await appOf(service, mobile, '86');
        await page.getByText(/您的客户号为/).waitFor();
        await shot(page, 'closing-cn-open-status-success-zh-CN');
        assertClean(phone);
      } finally {
        await context.close();
        await browser.close();
      }
    },
  },
];
