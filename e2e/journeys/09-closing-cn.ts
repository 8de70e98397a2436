/**
 * Mainland applicant, the closing steps up to the face liveness step (journey 10 goes on from there): the Mandarin risk track
 * heard at 10x, the agreements, the signature (Next, not submit: the liveness step follows); then /openStatus in
 * each view, driven by staff (ops set-status, reject, approve). The earlier steps are saved through the service.
 */
import { applicantAt } from '../lib/applicant';
import { appOf } from '../lib/flows';
import { assert, assertAxeClean, assertClean, newPhone, ops, shot, type Journey } from '../lib/harness';

export const journeys: Journey[] = [
  {
    name: 'a mainland applicant hears the Mandarin track, signs and reaches the liveness step; the result page shows each view',
    async run({ service, browser }) {
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
        await page.getByText('已完整收听').waitFor({ timeout: 30_000 });
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

        // the result page in each view
        await ops(service, 'set-status', appId, '1200');
        await page.goto(`${service.base}/pages/openAccount.html?lang=zh-CN#/openStatus`);
        await page.reload();
        await page.getByRole('heading', { name: '资料审核中' }).waitFor();
        await page.getByText('预计 1-2 个工作日内完成开户。').waitFor();
        await shot(page, 'closing-cn-open-status-approving-zh-CN');
        await ops(service, 'reject', appId, '--steps', 'BANKCARD', '--message', '银行卡照片不清晰');
        await page.reload();
        await page.getByRole('heading', { name: '您的申请需要补充资料' }).waitFor();
        await page.getByText('银行卡照片不清晰').waitFor();
        await shot(page, 'closing-cn-open-status-rejected-zh-CN');
        await assertAxeClean(page, '/openStatus (rejected)');
        await page.getByRole('button', { name: '补充资料' }).click();
        await page.waitForURL(/#\/bankCard/);
        await ops(service, 'set-status', appId, '1200');
        await ops(service, 'approve', appId);
        await page.goto(`${service.base}/pages/openAccount.html?lang=zh-CN#/openStatus`);
        await page.reload();
        await page.getByRole('heading', { name: '开户成功' }).waitFor();
        app = await appOf(service, mobile, '86');
        await page.getByText(/您的客户号为/).waitFor();
        await shot(page, 'closing-cn-open-status-success-zh-CN');
        assertClean(phone);
      } finally {
        await context.close();
      }
    },
  },
];
