/**
 * The inline script of the built pages (first-screen-script.ts), run as a browser runs it: in a jsdom page with its
 * shell and templates, during the parse. What it paints, in which language, and when the page's scripts are asked for.
 */
import { JSDOM } from 'jsdom';
import { firstScreenScript, type FirstAsset, type FirstRoute } from './first-screen-script';

// a page that opens at /accountHome, whose guard sends a visitor without a session from /accountHome and /statement to /login
const SCREENS: FirstRoute[] = [
  { key: '/login', route: '/login', at: [], signedIn: false, out: ['/accountHome', '/statement'] },
  { key: '/accountHome', route: '/accountHome', at: [], signedIn: true, out: [] },
  { key: '/statement', route: '/statement', at: [], signedIn: true, out: [] },
  { key: '/sign', route: '/sign', at: [], signedIn: false, out: [], param: 'ticket', pattern: '^[a-z]{4}$' },
  { key: '/sign?no-ticket', route: '/sign', at: [], signedIn: false, out: [], param: 'ticket', pattern: '^[a-z]{4}$', absent: true },
];
const START = '/accountHome';
const JUMPS = { account: '/accountHome', STATEMENT: '/statement?supplement=supplement', C_SearchCompany: '/C_SearchCompany' };
const ASSETS: FirstAsset[] = [
  { tag: 'link', attrs: { rel: 'stylesheet', href: '/assets/app.css' } },
  { tag: 'script', attrs: { type: 'module', crossorigin: '', src: '/assets/page.js' } },
];
const LANGS = ['zh-CN', 'zh-TW', 'en'];

/** a browser with paint timing: the observer the script makes, to report the first contentful paint when the test says */
class FakePaintObserver {
  static supportedEntryTypes = ['paint'];
  static last: FakePaintObserver | null = null;
  disconnected = false;
  constructor(private readonly callback: (list: { getEntries(): { name: string }[] }) => void) {
    FakePaintObserver.last = this;
  }
  observe() {}
  disconnect() {
    this.disconnected = true;
  }
  paint(name: string) {
    this.callback({ getEntries: () => [{ name }] });
  }
}

function page(url: string, opts: { languages?: string[]; userAgent?: string; stored?: string; cookies?: string[]; paintTiming?: boolean; latestMs?: number; signInParam?: string } = {}) {
  const templates = SCREENS.flatMap((s) => LANGS.map((l) => `<template data-route="${s.key}" lang="${l}"><h1>${s.key} ${l}</h1></template>`)).join('');
  const html = `<!doctype html><html lang="zh-CN"><head><style>.x{}</style></head><body><main class="shell"><div id="root"></div><div class="shell-first" inert></div><div class="shell-skeleton"></div><div class="shell-failed" hidden></div>${templates}<script>${firstScreenScript({ screens: SCREENS, assets: ASSETS, start: START, jumps: JUMPS, latestMs: opts.latestMs, signInParam: opts.signInParam })}</script></main></body></html>`;
  return new JSDOM(html, {
    url,
    runScripts: 'dangerously',
    pretendToBeVisual: true,
    beforeParse(window) {
      Object.defineProperty(window.navigator, 'languages', { value: opts.languages ?? ['en-US'] });
      if (opts.userAgent) Object.defineProperty(window.navigator, 'userAgent', { value: opts.userAgent });
      if (opts.stored) window.localStorage.setItem('esop.lang', opts.stored);
      for (const c of opts.cookies ?? []) window.document.cookie = c;
      if (opts.paintTiming) Object.defineProperty(window, 'PerformanceObserver', { value: FakePaintObserver });
    },
  });
}

const painted = (dom: JSDOM) => dom.window.document.querySelector('.shell-first')?.textContent ?? '';

describe("the built page's first-screen script", () => {
  test.each([
    ['the query', 'http://x/p.html?lang=zh-TW#/login', {}, '/login zh-TW'],
    ['the query inside the hash', 'http://x/p.html#/login?langType=zhCN', {}, '/login zh-CN'],
    ['the kept choice', 'http://x/p.html#/login', { stored: 'en', languages: ['zh-CN'] }, '/login en'],
    ['the app (its user agent)', 'http://x/p.html#/login', { userAgent: 'Mozilla/5.0 HLApp/3.2.0 HLLang/zh_HK', languages: ['en'] }, '/login zh-TW'],
    ["the browser's languages", 'http://x/p.html#/login', { languages: ['fr-FR', 'zh-HK'] }, '/login zh-TW'],
  ])('paints the route in the language of %s', (_what, url, opts, expected) => {
    const dom = page(url, opts);
    expect(painted(dom)).toBe(expected);
    expect(dom.window.document.documentElement.lang).toBe(expected.split(' ')[1]);
    expect(dom.window.document.querySelector('.shell')?.getAttribute('data-first')).toBe('/login');
  });

  test.each([
    ['a route without a first screen', 'http://x/p.html#/investment', {}],
    ['no language of ours anywhere', 'http://x/p.html#/login', { languages: ['fr-FR', 'de'] }],
    ["inside the app, whose language it cannot read, with neither query nor kept choice", 'http://x/p.html#/login', { userAgent: 'HLApp/3.2.0', languages: ['en'] }],
    ['inside the app without a session, where the guard says the login expired instead', 'http://x/p.html?lang=en#/statement', { userAgent: 'HLApp/3.2.0' }],
    ['a route without a screen of its own that the guard lets a visitor without a session see', 'http://x/p.html#/mrStatus', {}],
  ])('leaves the neutral skeleton for %s', (_what, url, opts) => {
    const dom = page(url, opts);
    expect(painted(dom)).toBe('');
    expect(dom.window.document.querySelector('.shell')?.hasAttribute('data-first')).toBe(false);
  });

  test.each([
    ['written as the route table has it', 'http://x/p.html#/accountHome'],
    ['in another case', 'http://x/p.html#/ACCOUNTHOME?lang=en'],
    ['with a trailing slash', 'http://x/p.html#/accounthome/'],
  ])('matches the route as the router does: %s', (_what, url) => {
    expect(painted(page(url, { cookies: ['esop_in=1'] }))).toBe('/accountHome en');
  });

  const HINT = ['a=b', 'esop_in=1'];
  test.each([
    ['no route, no session: the login the guard sends them to', 'http://x/p.html', [], '/login'],
    ['no route, a session: the page\'s start route', 'http://x/p.html', HINT, '/accountHome'],
    ['a guarded route, no session: the login', 'http://x/p.html#/Statement?lang=en', [], '/login'],
    ['a guarded route, a session (or an ended one, whose hint the page still carries)', 'http://x/p.html#/statement', HINT, '/statement'],
    ['the login itself, with or without a session', 'http://x/p.html#/login', HINT, '/login'],
    ['an app token being exchanged, no route: the start route signed in', 'http://x/p.html?t=tok', [], '/accountHome'],
    ['an app token and a jump: the named route it leads to, signed in', 'http://x/p.html?t=tok&jump=STATEMENT', [], '/statement'],
    ['an app token and a jump in the hash\'s query', 'http://x/p.html#/?t=tok&jump=STATEMENT', [], '/statement'],
    ['a session and a jump', 'http://x/p.html?jump=account#/statement', HINT, '/accountHome'],
    ['a jump without a session (followed only after the login): the login', 'http://x/p.html?jump=account#/statement', [], '/login'],
    ['an app token and a jump to a route without a screen here', 'http://x/p.html?t=tok&jump=C_SearchCompany', [], ''],
    ['an app token and a jump the table does not name', 'http://x/p.html?t=tok&jump=%2Fdeposit', [], ''],
    ['a signing link with a ticket of the right shape', 'http://x/p.html?ticket=abcd#/sign', [], '/sign'],
    ['a signing link without its ticket', 'http://x/p.html#/sign', [], '/sign?no-ticket'],
    ['a signing link whose ticket has the wrong shape', 'http://x/p.html?ticket=AB12#/sign', [], '/sign?no-ticket'],
  ])('paints the screen the app shows for each way in: %s', (_what, url, cookies, expected) => {
    const dom = page(url, { cookies });
    expect(painted(dom)).toBe(expected ? `${expected} en` : '');
    expect(dom.window.document.querySelector('.shell')?.getAttribute('data-first') ?? '').toBe(expected);
  });

  test.each([
    ['its ticket in the query, no session: the route signed in (the page logs in with it first)', 'http://x/p.html?pt=abc#/statement', 'pt', '/statement'],
    ['its ticket, no route: the start route signed in', 'http://x/p.html?pt=abc', 'pt', '/accountHome'],
    ['an empty ticket: the login', 'http://x/p.html?pt=#/statement', 'pt', '/login'],
    ['the same parameter on a page that does not log in with it: the login', 'http://x/p.html?pt=abc#/statement', undefined, '/login'],
  ])("a page that logs in with its own ticket: %s", (_what, url, signInParam, expected) => {
    expect(painted(page(url, { signInParam }))).toBe(`${expected} en`);
  });

  test("asks for the page's styles and scripts only after the first frame, before the inline styles", async () => {
    const dom = page('http://x/p.html#/login');
    const head = dom.window.document.head;
    expect(head.querySelector('script[src]')).toBeNull();
    await new Promise((r) => setTimeout(r, 150));
    const script = head.querySelector('script[src="/assets/page.js"]');
    expect(script?.getAttribute('type')).toBe('module');
    expect(script?.hasAttribute('crossorigin')).toBe(true);
    expect([...head.children].map((e) => e.tagName)).toEqual(['LINK', 'SCRIPT', 'STYLE']);
    dom.window.close();
  });

  test('where the browser has paint timing, asks for them once the first contentful paint is shown, not at the first frame', async () => {
    // the latest time far off: only the paint can have started the load
    const dom = page('http://x/p.html#/login', { paintTiming: true, latestMs: 60_000 });
    const scripts = () => dom.window.document.head.querySelectorAll('script[src]').length;
    await new Promise((r) => setTimeout(r, 50));
    expect(scripts()).toBe(0);
    FakePaintObserver.last!.paint('first-paint');
    await new Promise((r) => setTimeout(r, 10));
    expect(scripts()).toBe(0);
    FakePaintObserver.last!.paint('first-contentful-paint');
    await new Promise((r) => setTimeout(r, 10));
    expect(scripts()).toBe(1);
    expect(FakePaintObserver.last!.disconnected).toBe(true);
    dom.window.close();
  });

  test('without a paint (a hidden tab), asks for them at the latest time', async () => {
    const dom = page('http://x/p.html#/login', { paintTiming: true, latestMs: 20 });
    const scripts = () => dom.window.document.head.querySelectorAll('script[src]').length;
    for (let waited = 0; scripts() === 0 && waited < 5000; waited += 10) await new Promise((r) => setTimeout(r, 10));
    expect(scripts()).toBe(1);
    dom.window.close();
  });

  test('a script that cannot be loaded takes the painted screen away and shows the message', async () => {
    const dom = page('http://x/p.html#/login');
    await new Promise((r) => setTimeout(r, 150));
    const script = dom.window.document.head.querySelector('script[src]') as HTMLScriptElement;
    script.onerror?.(new dom.window.Event('error'));
    expect(dom.window.document.querySelector('.shell-first')).toBeNull();
    expect((dom.window.document.querySelector('.shell-failed') as HTMLElement).hidden).toBe(false);
    dom.window.close();
  });

  test("gives way to the app's own screen, not to a wrapper, a skeleton or an empty live region, and leaves nothing behind", async () => {
    const dom = page('http://x/p.html#/login');
    const doc = dom.window.document;
    const root = doc.getElementById('root')!;
    const flush = () => new Promise((r) => setTimeout(r, 0));
    root.innerHTML = '<div class="esop-root"><div aria-live="polite"> </div><div role="status" aria-label="Loading"></div></div>';
    await flush();
    expect(painted(dom)).toBe('/login en');
    root.querySelector('.esop-root')!.insertAdjacentHTML('afterbegin', '<h1>Log in</h1>');
    await flush();
    expect(doc.querySelector('.shell-first')).toBeNull();
    expect(doc.querySelector('template')).toBeNull();
    expect(doc.querySelector('.shell')!.hasAttribute('data-first')).toBe(false);
    dom.window.close();
  });
});
