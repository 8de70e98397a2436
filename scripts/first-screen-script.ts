/**
 * The inline script each built page carries in its shell, after its templates and before the neutral skeleton (scripts/prerender.ts writes it; the service's
 * Content-Security-Policy allows it by its hash). It runs while the HTML is parsed, before the first paint:
 * 1. the language by the app's own rule (src/core/i18n/pick-lang.ts, its source written in here): the query, the
 *    choice kept in this browser, the native app's language (from its user agent), the browser's languages; inside
 *    the native app with neither a query nor a kept choice the app's language may differ, so none is picked;
 * 2. the route from the address's hash (`#/login?x` → `/login`, none → the page's start route; matched as the app's
 *    router does, whatever the case and a trailing slash), and the screen the app will show there:
 *    - a visitor with a session (the session hint cookie, src/core/domain/auth.ts, its source written in too), with
 *      the app's token `t` being exchanged for one (the guard waits for it) or the page's own ticket (signInParam): the signed-in screen of the route, or of
 *      the named route `jump` leads to (the app's own table of names, src/core/router/named-routes.ts); a `jump` the
 *      table does not name paints nothing;
 *    - a visitor in a browser with neither: at a route the guard sends them from to log in (the page's route table,
 *      its routes not `public`), the login screen; inside the native app the guard says the login expired instead,
 *      so nothing is painted;
 *    - a screen that needs a query parameter (the signing link's ticket) when the address has it of the right shape,
 *      and the screen for a missing or malformed one otherwise (the signing link's "not valid");
 * 3. the `<template>` written for that route and language is painted in `.shell-first` (the page's `data-first`
 *    then hides the neutral skeleton and keeps #root out of sight), `<html lang>` set to match; otherwise the neutral
 *    skeleton stays. The painted screen gives way when the app's own screen is in #root: when #root has text, not
 *    while it holds only the providers' wrapper, a skeleton (a screen's chunk or a guard's wait) or an empty live
 *    region, so the visitor does not see the screen give way to a skeleton and come back;
 * 4. once the first contentful paint is on the screen (its `paint` performance entry; after the first frame where the
 *    browser has no paint timing; after FIRST_ASSETS_MS at the latest), the page's scripts, preloads and stylesheets
 *    are added to the head, before the inline styles (which stay last, as the screen's own stylesheets will be; a
 *    script that cannot be loaded shows the page's "could not be loaded" message), so that nothing the first screen
 *    does not need is on the network before it is painted.
 */
import { pickLang } from '../src/core/i18n/pick-lang';
import { SESSION_HINT_COOKIE, hasSessionHint } from '../src/core/domain/auth';
import { CHOICE_KEY } from '../src/core/i18n/lang';
import { UA_APP_SOURCE, UA_LANG_SOURCE } from '../src/core/bridge/user-agent';

/** the latest the page's scripts wait for the first paint (a hidden tab paints nothing) */
export const FIRST_ASSETS_MS = 300;

export interface FirstAsset {
  tag: 'script' | 'link';
  attrs: Record<string, string>;
}

/** A first screen of the page: where and for whom it is painted. */
export interface FirstRoute {
  /** its templates' name (`data-route`): the route, or another name when two screens share a route */
  key: string;
  route: string;
  /** other routes of the address that show it */
  at: string[];
  /** painted only with a session: the session hint cookie (src/core/domain/auth.ts) or the app's token `t` being exchanged */
  signedIn: boolean;
  /** the routes where it is painted for a visitor in a browser with neither (the guard sends them from there to it: the login) */
  out: string[];
  /** the query parameter it needs, the source of its pattern, and with `absent` painted only when it is missing or does not match */
  param?: string;
  pattern?: string;
  absent?: boolean;
}

export interface FirstScreenScriptOptions {
  screens: FirstRoute[];
  assets: FirstAsset[];
  /** the route an address without one opens (the page's entry moves it there) */
  start?: string;
  /** the `jump` names the app's guard follows once the visitor is known, and their routes (src/core/router/named-routes.ts) */
  jumps?: Record<string, string>;
  /** a query parameter of the address the page logs in with before its guard runs (its page ticket): signed in as with the app's token */
  signInParam?: string;
  /** FIRST_ASSETS_MS unless a test gives its own */
  latestMs?: number;
}

export function firstScreenScript({ screens, assets, start = '/', jumps = {}, signInParam, latestMs = FIRST_ASSETS_MS }: FirstScreenScriptOptions): string {
  // esbuild's keepNames wraps inner functions in __name(): identity here
  return `(function () {
var __name = function (f) { return f; };
var pickLang = ${pickLang.toString()};
var SESSION_HINT_COOKIE = ${JSON.stringify(SESSION_HINT_COOKIE)};
var hasSessionHint = ${hasSessionHint.toString()};
var screens = ${JSON.stringify(screens)};
var start = ${JSON.stringify(start)}, jumps = ${JSON.stringify(jumps)}, signInParam = ${JSON.stringify(signInParam ?? null)};
var assets = ${JSON.stringify(assets)};
var doc = document, shell = doc.currentScript && doc.currentScript.parentNode;
var ua = navigator.userAgent || '', inApp = new RegExp(${JSON.stringify(UA_APP_SOURCE)}).test(ua);
var appLang = ua.match(new RegExp(${JSON.stringify(UA_LANG_SOURCE)}));
var stored = null;
try { stored = localStorage.getItem(${JSON.stringify(CHOICE_KEY)}); } catch (e) {}
var sources = { search: location.search, hash: location.hash, stored: stored, app: appLang ? appLang[1] : null, languages: [] };
var chosen = pickLang(sources);
if (!chosen && !inApp) { sources.languages = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language]; chosen = pickLang(sources); }
// as the app's router matches paths: whatever the case, a trailing slash ignored
function routeKey(path) { return path.toLowerCase().replace(/(.)[/]+$/, '$1'); }
var hash = location.hash.replace(/^#/, ''), outer = new URLSearchParams(location.search);
var inner = new URLSearchParams(hash.indexOf('?') >= 0 ? hash.slice(hash.indexOf('?') + 1) : '');
// a parameter as the guard reads it: the hash's query, then the page's
function param(name) { var v = inner.get(name); return v !== null ? v : outer.get(name); }
var route = routeKey(hash.split('?')[0] || '/');
if (route === '/') route = routeKey(start);
// a session: its hint, the app's token the guard exchanges for one (it waits for it, then goes on as signed in), or
// the page's own ticket it logs in with first (in the page's query)
var signedIn = hasSessionHint(doc.cookie, SESSION_HINT_COOKIE) || !!param('t') || (signInParam !== null && !!outer.get(signInParam));
// a named route to jump to, followed once the visitor is known; a jump the page cannot name paints nothing
var jump = signedIn ? param('jump') : null;
if (jump) route = Object.prototype.hasOwnProperty.call(jumps, jump) ? routeKey(jumps[jump].split('?')[0]) : null;
function within(list) { for (var a = 0; a < list.length; a++) if (routeKey(list[a]) === route) return true; return false; }
var painted = null;
for (var s = 0; s < screens.length; s++) {
  var sc = screens[s];
  var here = within([sc.route].concat(sc.at)) ? !sc.signedIn || signedIn : !signedIn && !inApp && within(sc.out);
  var value = sc.param ? outer.get(sc.param) || '' : '', fits = !sc.param || new RegExp(sc.pattern).test(value) !== !!sc.absent;
  if (route !== null && here && fits) painted = sc;
}
if (shell && chosen && painted) {
  var templates = shell.getElementsByTagName('template');
  for (var i = 0; i < templates.length; i++) {
    var t = templates[i];
    if (t.getAttribute('data-route') === painted.key && t.getAttribute('lang') === chosen) {
      var first = shell.querySelector('.shell-first');
      if (first) { first.appendChild(t.content.cloneNode(true)); shell.setAttribute('data-first', painted.key); doc.documentElement.lang = chosen; giveWay(first); }
      break;
    }
  }
}
// the painted screen gives way to the app's own once #root has text (the providers' wrapper, a skeleton or an empty
// live region have none), and goes with its templates: no id or label is left twice in the page
function giveWay(first) {
  var root = doc.getElementById('root');
  if (!root || !window.MutationObserver) return;
  var watch = new MutationObserver(function () {
    if (!(root.textContent || '').replace(/\\s+/g, '')) return;
    watch.disconnect();
    if (first.parentNode) first.parentNode.removeChild(first);
    shell.removeAttribute('data-first');
    var left = shell.getElementsByTagName('template');
    while (left.length) left[0].parentNode.removeChild(left[0]);
  });
  watch.observe(root, { childList: true, subtree: true, characterData: true });
}
var loaded = false;
function failed() {
  var f = doc.querySelector('.shell-failed'), first = doc.querySelector('.shell-first'), body = doc.querySelector('.shell-body');
  if (body) body.parentNode.removeChild(body);
  if (first) first.parentNode.removeChild(first);
  if (shell) shell.removeAttribute('data-first');
  if (f) { f.hidden = false; var b = f.querySelector('.shell-retry'); if (b) b.onclick = function () { location.reload(); }; }
  window.addEventListener('online', function () { location.reload(); });
}
function load() {
  if (loaded) return;
  loaded = true;
  for (var i = 0; i < assets.length; i++) {
    var a = assets[i], el = doc.createElement(a.tag);
    for (var k in a.attrs) el.setAttribute(k, a.attrs[k]);
    if (a.tag === 'script') el.onerror = failed;
    // before the inline styles: the first screen's rules keep the last word, as the screen's own stylesheets have later
    doc.head.insertBefore(el, doc.head.querySelector('style'));
  }
}
// once the first contentful paint is on the screen (its performance entry), else after the first frame; at the latest
// after FIRST_ASSETS_MS: a request started before the paint is shown would compete with it
var painting = null;
try {
  if (window.PerformanceObserver && (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') >= 0) {
    painting = new PerformanceObserver(function (list) {
      var entries = list.getEntries();
      for (var e = 0; e < entries.length; e++) if (entries[e].name === 'first-contentful-paint') { painting.disconnect(); setTimeout(load, 0); }
    });
    painting.observe({ type: 'paint', buffered: true });
  }
} catch (e) { painting = null; }
if (!painting && window.requestAnimationFrame) requestAnimationFrame(function () { setTimeout(load, 0); });
setTimeout(load, ${latestMs});
})();`;
}
