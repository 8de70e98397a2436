/**
 * Mainland applicant, face liveness to the end of the flow: Chromium's fake camera plays a video made from a
 * public-domain face (the same face is on the applicant's ID card); the screen's guidance sees it, the recording
 * stops by itself, the upload and the service's face check run, and the applicant goes on to /caApply, submits and
 * lands on /openStatus. The earlier steps are saved through the service.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { makeFaceVideo } from '../../scripts/make-face-video';
import { applicantAt } from '../lib/applicant';
import { appOf } from '../lib/flows';
import { APPLICANT_FACE } from '../lib/prefill';
import { assert, assertAxeClean, assertClean, CHROMIUM, CHROMIUM_ARGS, newPhone, OUT, shot, type Journey } from '../lib/harness';

export const journeys: Journey[] = [
  {
    name: 'a mainland applicant records a face video with guidance, passes the face check, submits and sees the result page',
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
      const mobile = process.env.E2E_PHONE_10 ?? '13800001010';
      try {
        await applicantAt(service, context, { type: 'cn', phone: mobile, area: '86', until: 'LIVINGWITNESS', accountType: 1 });
        await context.grantPermissions(['camera'], { origin: service.base });
        await page.goto(`${service.base}/pages/openAccount.html?lang=zh-CN#/livingWitness`);
        await page.getByRole('heading', { name: '人脸验证', exact: true }).waitFor();
        // the guidance: Human's detector (from our own origin) finds the face in the oval
        await page.getByText('很好，请点击开始录制').waitFor({ timeout: 60_000 });
        await shot(page, 'liveness-camera-zh-CN');
        await assertAxeClean(page, '/livingWitness (camera)');
        await page.getByRole('button', { name: '开始录制' }).click();
        await page.getByText('录制中…请轻轻左右转头').waitFor();
        // the recording stops by itself; the upload's states, then the check
        await page.getByRole('heading', { name: '人脸验证通过' }).waitFor({ timeout: 90_000 });
        await page.getByRole('img', { name: '保存的视频画面' }).waitFor();
        await shot(page, 'liveness-passed-zh-CN');
        await assertAxeClean(page, '/livingWitness (passed)');
        await page.getByRole('button', { name: '下一步' }).click();

        await page.waitForURL(/#\/caApply/);
        await page.locator('.esop-sign__doc:enabled', { hasText: '开户申请表' }).waitFor({ timeout: 90_000 });
        await page.getByRole('button', { name: '提交' }).click();
        await page.waitForURL(/#\/openStatus/, { timeout: 60_000 });
        await page.getByRole('heading', { name: '资料审核中' }).waitFor();
        const app = (await appOf(service, mobile, '86')) as { applyStatus: number; data: Record<string, unknown> };
        assert(app.applyStatus >= 1200, `submitted: ${app.applyStatus}`);
        const witness = app.data.LIVINGWITNESS as { livingBodyVerifyId?: number } | undefined;
        assert(typeof witness?.livingBodyVerifyId === 'number', 'the step names the passed check');
        assertClean(phone);
      } finally {
        await context.close();
        await browser.close();
      }
    },
  },
];
