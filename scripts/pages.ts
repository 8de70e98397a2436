/**
 * The HTML entries under pages/: one template, one line a page. `npm run pages` writes them; a test fails when a
 * committed page differs from what the template makes (so a page is never edited by hand). vite.config.ts builds these
 * pages (its inputs) and preloads their app modules from their HTML.
 */
import { CALLS } from '../src/core/domain/calls-all';
import { SIGN_TICKET_PATTERN } from '../src/core/domain/org-sign';
import { ACCOUNT_ROUTE, HK_IDENTIFIER_ROUTE, PAGE_TICKET_PARAM } from '../src/core/domain/account-routes';
import { ASSET_TRANSFER, TRANSFER_IN } from '../src/flows/transfer-in/pages';
import { STEP_NAMES, STEP_ROUTE, type StepName } from '../src/core/domain/steps';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface PageSpec {
  /** file name under pages/ (without .html) */
  name: string;
  /** the module that starts the page (src/flows/<flow>/…) */
  entry: string;
  /**
   * the React part of the page (its flow's bootstrap.tsx), imported by the entry after the early start: the build
   * preloads it from the page's HTML (scripts/preload-app.ts) and trims what it loads already from lazy imports
   */
  app: string;
  /** the title in the three languages: the document title (zh-CN · en) and the skeleton's bar (all three) */
  title: { 'zh-CN': string; 'zh-TW': string; en: string };
  /** the no-JavaScript sentence in the three languages */
  noscript: { 'zh-CN': string; 'zh-TW': string; en: string };
  /** shown (the entry un-hides it) when the page's script could not be loaded */
  loadFailed: { 'zh-CN': string; 'zh-TW': string; en: string };
  /** fetched early: the cipher key for pages that call the service at once */
  preloadCipherKey: boolean;
  /** what the page's app module's pageOptions takes (its entry passes the same to its bootstrap) */
  settings?: object;
  /**
   * The first screens written into the built page (scripts/prerender.ts): each route's screen as the app renders it
   * before any data has come, in each language; `screen` is its module (the build inlines the styles it needs). A
   * visit to another route, or in a language not known before the script runs, paints the neutral skeleton.
   */
  first: FirstScreen[];
  /** the route an address without one opens (the page's entry moves the address there: core flow-kit/start-route.ts) */
  start?: string;
  /**
   * the module of the page's route table (its `ROUTE_TABLE`, core flow-kit/route-table.ts): the build reads from it the
   * routes the core RouteGuard sends a visitor without a session away from (those not `public`), where the page's
   * `signedOut` screen (its login) is painted for a visitor without a session
   */
  routeTable?: string;
  /**
   * the query parameter of the page's address it logs in with before its guard runs (the app's page ticket,
   * core account-page.tsx): its signed-in screens are painted for a visitor whose address has it, as for the app's token
   */
  signInParam?: string;
}

export interface FirstScreen {
  route: string;
  screen: string;
  /** the template's name when two screens share a route (e.g. the signing start with and without its ticket); the route by default */
  key?: string;
  /**
   * a query parameter the screen needs (e.g. the signing link's ticket): rendered with `sample`, painted only when the
   * address's value matches `pattern`; with `absent`, rendered without it and painted only when the address has none
   * or one that does not match (the screen the app shows for a link without its ticket)
   */
  when?: { param: string; pattern: RegExp; sample: string; absent?: never } | { param: string; pattern: RegExp; absent: true; sample?: never };
  /** other routes of the address that show it */
  at?: string[];
  /**
   * the screen of a visitor with a session, before their data has come (its lead and skeleton): painted only when
   * the browser carries the session hint or the address the app's token being exchanged for one (a visitor with
   * neither is sent to log in)
   */
  signedIn?: boolean;
  /**
   * the page's login (its pageOptions' loginPath): also painted, for a visitor in a browser with neither the session
   * hint nor an app token, at every route of the page's `routeTable` the guard sends such a visitor from to log in
   */
  signedOut?: boolean;
}

const loadFailed = {
  'zh-CN': '页面未能加载，请检查网络连接。恢复连接后会自动重新加载。',
  'zh-TW': '頁面未能載入，請檢查網絡連線。恢復連線後會自動重新載入。',
  en: 'The page could not be loaded. Check your connection; it reloads by itself when you are back online.',
};

const openNoscript = {
  'zh-CN': '请启用 JavaScript 以继续开户。',
  'zh-TW': '請啟用 JavaScript 以繼續開戶。',
  en: 'Please enable JavaScript to open an account.',
};

/**
 * Each step's screen module, read from the open-account flow's one step → screen map (step-screens.ts; the route table
 * opens the same; pages.test.ts checks the two agree). It is read as text: importing the map would make the build's
 * config bundle the screens its loaders import. A visitor who opens a step (a link back into their application, a
 * reload) sees its frame, heading and introduction painted from the HTML while the application loads; the step's
 * total ("n of 5/6") waits for it, its place kept.
 */
// read from the repository root (the build, npm run pages and the tests run there)
const STEP_SCREENS_FILE = join(process.cwd(), 'src/flows/open-account/step-screens.ts');
export const STEP_SCREEN: Record<StepName, string> = (() => {
  const found = new Map([...readFileSync(STEP_SCREENS_FILE, 'utf8').matchAll(/^\s+(\w+): \(\) => import\('\.\/screens\/([^']+)'\),?$/gm)].map((m) => [m[1], m[2]]));
  const missing = STEP_NAMES.filter((s) => !found.has(s));
  if (missing.length) throw new Error(`no screen in src/flows/open-account/step-screens.ts for ${missing.join(', ')}`);
  return Object.fromEntries(STEP_NAMES.map((s) => [s, found.get(s)!])) as Record<StepName, string>;
})();
const LOGIN: FirstScreen = { route: '/login', screen: '/src/core/app/login/LoginScreen.tsx', signedOut: true };
const STEPS: FirstScreen[] = STEP_NAMES.map((s) => ({ route: STEP_ROUTE[s], screen: `/src/flows/open-account/screens/${STEP_SCREEN[s]}.tsx`, signedIn: true }));

export const PAGES: readonly PageSpec[] = [
  {
    name: 'openAccount',
    entry: '/src/flows/open-account/main.tsx',
    app: '/src/flows/open-account/bootstrap.tsx',
    title: { 'zh-CN': '开户', 'zh-TW': '開戶', en: 'Open an account' },
    noscript: openNoscript,
    loadFailed,
    preloadCipherKey: true,
    settings: { esop: false },
    routeTable: '/src/flows/open-account/route-table.ts',
    first: [LOGIN, { route: '/account', screen: '/src/flows/open-account/screens/home/HomeScreen.tsx' }, ...STEPS],
  },
  {
    name: 'openEsopAccount',
    entry: '/src/flows/open-account/esop-main.tsx',
    app: '/src/flows/open-account/bootstrap.tsx',
    title: { 'zh-CN': 'ESOP 开户', 'zh-TW': 'ESOP 開戶', en: 'Open an ESOP account' },
    noscript: openNoscript,
    loadFailed,
    preloadCipherKey: true,
    settings: { esop: true },
    routeTable: '/src/flows/open-account/route-table.ts',
    first: [LOGIN, { route: '/account', screen: '/src/flows/open-account/screens/home/HomeScreen.tsx' }, ...STEPS],
  },
  {
    name: 'account',
    entry: '/src/flows/account/main.tsx',
    app: '/src/flows/account/bootstrap.tsx',
    title: { 'zh-CN': '我的账户', 'zh-TW': '我的賬戶', en: 'My account' },
    noscript: { 'zh-CN': '请启用 JavaScript 以查看您的账户。', 'zh-TW': '請啟用 JavaScript 以查看您的賬戶。', en: 'Please enable JavaScript to see your account.' },
    loadFailed,
    preloadCipherKey: true,
    start: ACCOUNT_ROUTE.home,
    routeTable: '/src/flows/account/route-table.ts',
    first: [LOGIN, { route: ACCOUNT_ROUTE.home, screen: '/src/flows/account/screens/account-home/AccountHomeScreen.tsx', signedIn: true }],
  },
  {
    name: 'transferInStock',
    entry: '/src/flows/transfer-in/main.tsx',
    app: '/src/flows/transfer-in/bootstrap.tsx',
    title: { 'zh-CN': '股票转入', 'zh-TW': '股票轉入', en: 'Transfer in stocks' },
    noscript: { 'zh-CN': '请启用 JavaScript 以办理股票转入。', 'zh-TW': '請啟用 JavaScript 以辦理股票轉入。', en: 'Please enable JavaScript to transfer stocks in.' },
    loadFailed,
    preloadCipherKey: true,
    settings: TRANSFER_IN,
    start: TRANSFER_IN.start,
    routeTable: '/src/flows/transfer-in/route-table.ts',
    first: [LOGIN, { route: TRANSFER_IN.start, screen: '/src/flows/transfer-in/screens/transfer-in/TransferInScreen.tsx', signedIn: true }],
  },
  {
    name: 'assetTransferAgreement',
    entry: '/src/flows/transfer-in/asset-transfer-main.tsx',
    app: '/src/flows/transfer-in/bootstrap.tsx',
    title: { 'zh-CN': '资产转移协议', 'zh-TW': '資產轉移協議', en: 'Asset transfer agreement' },
    noscript: { 'zh-CN': '请启用 JavaScript 以签署协议。', 'zh-TW': '請啟用 JavaScript 以簽署協議。', en: 'Please enable JavaScript to sign the agreement.' },
    loadFailed,
    preloadCipherKey: true,
    settings: ASSET_TRANSFER,
    start: ASSET_TRANSFER.start,
    routeTable: '/src/flows/transfer-in/route-table.ts',
    first: [LOGIN, { route: ASSET_TRANSFER.start, screen: '/src/flows/transfer-in/screens/transfer-in/AssetTransferAgreementScreen.tsx', signedIn: true }],
  },
  {
    name: 'investorIdentifier',
    entry: '/src/flows/investor-identifier/main.tsx',
    app: '/src/flows/investor-identifier/bootstrap.tsx',
    title: { 'zh-CN': '香港投资者识别码', 'zh-TW': '香港投資者識別碼', en: 'HK investor identifier' },
    noscript: {
      'zh-CN': '请启用 JavaScript 以签署同意书。',
      'zh-TW': '請啟用 JavaScript 以簽署同意書。',
      en: 'Please enable JavaScript to sign the consent.',
    },
    loadFailed,
    preloadCipherKey: true,
    routeTable: '/src/flows/investor-identifier/route-table.ts',
    signInParam: PAGE_TICKET_PARAM,
    first: [LOGIN, { route: HK_IDENTIFIER_ROUTE.consent, screen: '/src/flows/investor-identifier/screens/consent/ConsentScreen.tsx', signedIn: true }],
  },
  {
    name: 'improveInfo',
    entry: '/src/flows/improve-info/main.tsx',
    app: '/src/flows/improve-info/bootstrap.tsx',
    title: { 'zh-CN': '补充个人资料', 'zh-TW': '補充個人資料', en: 'Complete your information' },
    noscript: {
      'zh-CN': '请启用 JavaScript 以补充资料。',
      'zh-TW': '請啟用 JavaScript 以補充資料。',
      en: 'Please enable JavaScript to complete your information.',
    },
    loadFailed,
    preloadCipherKey: true,
    routeTable: '/src/flows/improve-info/route-table.ts',
    signInParam: PAGE_TICKET_PARAM,
    first: [LOGIN, { route: '/', screen: '/src/flows/improve-info/screens/improve/ImproveInfoScreen.tsx', signedIn: true }],
  },
  {
    name: 'signature',
    entry: '/src/flows/signature/main.tsx',
    app: '/src/flows/signature/bootstrap.tsx',
    title: { 'zh-CN': '机构签署', 'zh-TW': '機構簽署', en: 'Sign for your organisation' },
    noscript: {
      'zh-CN': '请启用 JavaScript 以签署文件。',
      'zh-TW': '請啟用 JavaScript 以簽署文件。',
      en: 'Please enable JavaScript to sign the documents.',
    },
    loadFailed,
    preloadCipherKey: true,
    first: [
      { route: '/', screen: '/src/flows/signature/screens/start/StartScreen.tsx', when: { param: 'ticket', pattern: SIGN_TICKET_PATTERN, sample: 'x'.repeat(43) } },
      // a link without its ticket, or with one of the wrong shape: the start screen says the link is not valid
      { route: '/', key: '/?no-ticket', screen: '/src/flows/signature/screens/start/StartScreen.tsx', when: { param: 'ticket', pattern: SIGN_TICKET_PATTERN, absent: true } },
    ],
  },
];

/** The pages' app modules, each once, in the order of PAGES. */
export const PAGE_APPS: readonly string[] = [...new Set(PAGES.map((p) => p.app))];

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The page's HTML: the shell skeleton shown until the first screen renders, then the app in #root. */
export function pageHtml(p: PageSpec): string {
  const all = `${p.title['zh-CN']} · ${p.title['zh-TW']} · ${p.title.en}`;
  return `<!doctype html>
<!-- generated by scripts/make-pages.ts from scripts/pages.ts: edit those, then npm run pages -->
<html lang="zh-CN">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
    <meta name="theme-color" content="#ffffff" />
    <meta name="format-detection" content="telephone=no" />
    <link rel="icon" href="data:," />
    <meta name="description" content="${esc(all)}" />
    <title>${esc(`${p.title['zh-CN']} · ${p.title.en}`)}</title>
${p.preloadCipherKey ? `    <link rel="preload" href="${CALLS.cipherKey.path}" as="fetch" crossorigin />\n` : ''}    <link rel="stylesheet" href="/src/core/app/shell.css" />
    <script type="module" src="${esc(p.entry)}"></script>
  </head>
  <body>
    <main id="app" class="shell">
      <div id="root"></div>
      <div class="shell-skeleton" aria-hidden="true">
        <div class="shell-bar"><span class="shell-logo"></span><span class="shell-title">${esc(all)}</span></div>
        <div class="shell-body">
          <div class="shell-line shell-line--title"></div>
          <div class="shell-line shell-line--text"></div>
          <div class="shell-card"></div>
          <div class="shell-card"></div>
        </div>
      </div>
      <div class="shell-failed" role="alert" hidden>
        <p lang="zh-CN">${esc(p.loadFailed['zh-CN'])}</p>
        <p lang="zh-TW">${esc(p.loadFailed['zh-TW'])}</p>
        <p lang="en">${esc(p.loadFailed.en)}</p>
        <button type="button" class="shell-retry">重试 · 重試 · Try again</button>
      </div>
      <noscript>
        <p class="shell-noscript" lang="zh-CN">${esc(p.noscript['zh-CN'])}</p>
        <p class="shell-noscript" lang="zh-TW">${esc(p.noscript['zh-TW'])}</p>
        <p class="shell-noscript" lang="en">${esc(p.noscript.en)}</p>
      </noscript>
    </main>
  </body>
</html>
`;
}
