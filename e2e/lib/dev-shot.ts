/**
 * A developer's screenshot of one screen against a running dev instance (`npm run dev`):
 *   npx tsx e2e/lib/dev-shot.ts --type cn|hk --route /IDcard [--lang en|zh-CN|zh-TW] [--out file.png]
 *     [--phone 5xxxxxxx] [--data-dir DIR] [--base http://127.0.0.1:5173] [--api http://127.0.0.1:8080]
 *     [--click "text"]... [--full] [--page transferInStock|investorIdentifier|… (default openAccount)] [--query a=b]
 *     [--prefill [--birthday YYYY-MM-DD] [--permanent 1|2] [--account 1|2] [--aecode B1 --channel fund]]
 * Logs a user in through the service (with an app token made by the ops CLI on DATA_DIR), starts an application of the
 * type, hands the session cookie to Chromium, opens the route at 375x667 and saves the PNG.
 */
import { execFileSync } from 'node:child_process';
import { chromium } from 'playwright-core';
import { ApiClient } from './api-client';
import { CHROMIUM, CHROMIUM_ARGS, ROOT, VIEWPORT } from './harness';
import { prefillSteps } from './prefill';
import { stepOfRoute } from '../../src/core/domain/steps';

const args = process.argv.slice(2);
if (args.includes('--help')) {
  console.log(
    'usage: npx tsx e2e/lib/dev-shot.ts --type cn|hk --route /IDcard [--lang en] [--out f.png] [--phone N] [--click text]... [--full]\n' +
      '  [--prefill]            save every step before the route\'s step with valid data (e2e/lib/prefill.ts)\n' +
      '  [--birthday 1990-01-31] the identity step\'s birthday (ages drive many lists); [--permanent 2] non-permanent hk resident;\n' +
      '  [--account 1|2]        the saved account type (cash/margin); [--aecode B1 --channel fund] the application\'s agent code and channel',
      '  [--reject A,B [--reject-message "…"]] after the prefill, staff set 1200 and send these steps back (ops)',
      '  [--query "aecode=W090-A&channel=web"]  extra query of the page address (the entry link); [--width 320] the viewport width   [--prefill --submit] all steps saved and the application submitted (hk)',
      '  [--prefill --submit --approve] and the account opened by staff (ops approve): the pages after opening',
  );
  process.exit(0);
}
const opt = (name: string, dflt: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
};
const clicks = args.flatMap((a, i) => (a === '--click' ? [args[i + 1]] : []));
const type = opt('type', 'hk');
const route = opt('route', '/account');
const lang = opt('lang', 'en');
const out = opt('out', `/tmp/shots/${route.replace(/\W/g, '') || 'home'}-${lang}.png`);
const phone = opt('phone', `5${String(Date.now()).slice(-7)}`);
const dataDir = opt('data-dir', process.env.DATA_DIR ?? '/tmp/devdata');
const base = opt('base', 'http://127.0.0.1:5173');
const api = opt('api', 'http://127.0.0.1:8080');

const client = new ApiClient(api);
// the app's token logs in without a text message (login codes are limited per address, the token login far less)
const token = execFileSync(process.execPath, ['--import', 'tsx', 'server/src/ops/cli.ts', 'app-token', phone, '--area', '852'], {
  cwd: ROOT,
  env: { ...process.env, DATA_DIR: dataDir },
})
  .toString()
  .trim();
await client.call('tokenLogin', { t: token });
const oaType = type === 'cn' ? 1 : 2;
const aecode = args.includes('--aecode') ? opt('aecode', '') : undefined;
const channel = args.includes('--channel') ? opt('channel', '') : undefined;
const started = await client.call<{ appId: string }>('applyStart', { oaType, ...(aecode ? { aecode } : {}), ...(channel ? { channel } : {}) }).catch((e) => {
  console.warn('ApplyStart:', e.message);
  return null;
});
console.log(`phone ${phone} app ${started?.appId ?? '-'}`);
if (started && args.includes('--prefill')) {
  // --submit: every step saved, then the application submitted (for the pages after submission)
  const until = args.includes('--submit') ? 'CAAPPLY' : stepOfRoute(route);
  if (!until) throw new Error(`--prefill: ${route} is not a step's route (add --submit for the pages after submission)`);
  const saved = await prefillSteps(client, started.appId, until, {
    birthday: args.includes('--birthday') ? opt('birthday', '') : undefined,
    permanent: opt('permanent', '1') === '2' ? 2 : 1,
    accountType: opt('account', '2') === '1' ? 1 : 2,
  });
  console.log(`saved ${saved.join(', ') || 'nothing'}`);
  if (args.includes('--submit')) await client.call('applySubmit', { appId: started.appId });
}
if (started && args.includes('--approve')) {
  // staff open the account (after --prefill --submit): the pages after opening
  console.log(execFileSync(process.execPath, ['--import', 'tsx', 'server/src/ops/cli.ts', 'approve', started.appId], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir } }).toString().trim());
}
if (started && args.includes('--reject')) {
  // staff send the application back: submitted status, then the rejection (through the running service's ops API)
  const ops = (...argv: string[]) =>
    execFileSync(process.execPath, ['--import', 'tsx', 'server/src/ops/cli.ts', ...argv], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir } }).toString().trim();
  console.log(ops('set-status', started.appId, '1200'));
  console.log(ops('reject', started.appId, '--steps', opt('reject', ''), '--message', opt('reject-message', 'Please upload a clearer photo')));
}

const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
const width = Number(opt('width', String(VIEWPORT.width)));
const context = await browser.newContext({ viewport: { ...VIEWPORT, width }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: lang });
const host = new URL(base).hostname;
await context.addCookies(
  ['esop_sid', 'esop_in'].flatMap((name) => {
    const value = client.cookie(name);
    return value ? [{ name, value, domain: host, path: '/' }] : [];
  }),
);
const page = await context.newPage();
page.on('console', (m) => m.type() === 'error' && console.log(`console: ${m.text()}`));
page.on('pageerror', (e) => console.log(`page error: ${e.message}`));
const query = args.includes('--query') ? `&${opt('query', '')}` : '';
const html = opt('page', 'openAccount');
await page.goto(`${base}/pages/${html}.html?lang=${lang}${query}#${route}`);
await page.waitForLoadState('networkidle');
await page.waitForTimeout(800);
for (const text of clicks) {
  // a button named exactly so first (a dialog's "Confirm" under a title "Confirm your …"), else any text
  const button = page.getByRole('button', { name: text, exact: true });
  await ((await button.count()) > 0 ? button.last() : page.getByText(text, { exact: false }).first()).click();
  await page.waitForTimeout(600);
}
await page.screenshot({ path: out, animations: 'disabled', fullPage: args.includes('--full') });
console.log(`saved ${out}`);
await browser.close();
