import { act, render, screen } from '@testing-library/react';
import { FormattedMessage } from 'react-intl';
import { parse } from '@formatjs/icu-messageformat-parser';
import { detectLang, normalizeLang, setCurrentLang } from './lang';
import { readQueryParam } from '../app/query-param';
import { I18nProvider, useLang, usePageTitle } from './I18nProvider';
import { flattenMessages } from './messages';

const loc = (search = '', hash = '') => ({ search, hash });
const setUA = (ua: string) => Object.defineProperty(window.navigator, 'userAgent', { value: ua, configurable: true });
const BROWSER_UA = 'Mozilla/5.0 (Linux; Android 10) Chrome/120 Mobile';

beforeEach(() => {
  localStorage.clear();
  setUA(BROWSER_UA);
  delete window.HLNativeBridge;
});

describe('normalizeLang', () => {
  test.each([
    ['zh-CN', 'zh-CN'],
    ['zh', 'zh-CN'],
    ['zh-Hans-CN', 'zh-CN'],
    ['zh_CN', 'zh-CN'],
    ['zh-SG', 'zh-CN'],
    ['zh-TW', 'zh-TW'],
    ['zh-HK', 'zh-TW'],
    ['zh-MO', 'zh-TW'],
    ['zh-Hant', 'zh-TW'],
    ['zh-Hant-HK', 'zh-TW'],
    ['zh_hk', 'zh-TW'],
    ['zhTc', 'zh-TW'],
    ['en', 'en'],
    ['en-GB', 'en'],
    ['fr-FR', undefined],
    ['', undefined],
    [null, undefined],
  ])('%s → %s', (tag, lang) => {
    expect(normalizeLang(tag)).toBe(lang);
  });
});

describe('detectLang: query, then the user choice, then the app, then the browser', () => {
  test.each([
    ['outer query lang', loc('?lang=en'), ['zh-CN'], 'en'],
    ['outer query langType', loc('?langType=zh-HK'), ['en'], 'zh-TW'],
    ['hash query lang', loc('', '#/account?lang=zh-TW'), ['en'], 'zh-TW'],
    ['outer query beats the hash query', loc('?lang=zh-CN', '#/?lang=en'), ['en'], 'zh-CN'],
    ['unknown query value falls through to the browser', loc('?lang=xx'), ['zh-HK', 'en'], 'zh-TW'],
    ['browser zh-MO', loc(), ['zh-MO'], 'zh-TW'],
    ['browser zh-Hans', loc(), ['zh-Hans'], 'zh-CN'],
    ['browser first usable language wins', loc(), ['fr', 'de', 'zh-CN', 'en'], 'zh-CN'],
    ['browser en-US', loc(), ['en-US'], 'en'],
    ['nothing usable → en', loc(), ['fr', 'ja'], 'en'],
  ] as const)('%s', (_n, l, languages, expected) => {
    expect(detectLang(l, languages)).toBe(expected);
  });

  test('the app language (UA HLLang) comes before the browser', () => {
    setUA(`${BROWSER_UA} HLApp/2.3.0 HLLang/zh-TW`);
    expect(detectLang(loc(), ['en'])).toBe('zh-TW');
    expect(detectLang(loc('?lang=en'), ['zh-CN'])).toBe('en');
  });

  test('the app language from the injected bridge info', () => {
    window.HLNativeBridge = { postMessage: () => undefined, appInfo: { version: '2.4.0', language: 'zh_CN' } };
    expect(detectLang(loc(), ['en'])).toBe('zh-CN');
  });

  test('the app language is ignored outside the app', () => {
    setUA(`${BROWSER_UA} HLLang/zh-TW`);
    expect(detectLang(loc(), ['en'])).toBe('en');
  });

  test("the user's remembered choice beats the app and the browser, not the query", () => {
    setCurrentLang('zh-TW', true);
    expect(detectLang(loc(), ['en'])).toBe('zh-TW');
    expect(detectLang(loc('?lang=en'), ['zh-CN'])).toBe('en');
  });

  test('readQueryParam reads the outer query then the hash query', () => {
    expect(readQueryParam('t', loc('?t=1', '#/x?t=2'))).toBe('1');
    expect(readQueryParam('t', loc('', '#/x?t=2&jump=WITNESS'))).toBe('2');
    expect(readQueryParam('t', loc('', '#/x'))).toBeNull();
  });
});

test('flattenMessages makes dotted keys', () => {
  expect(flattenMessages({ home: { cn: { title: 'A' } }, common: { next: 'N' } })).toEqual({ 'home.cn.title': 'A', 'common.next': 'N' });
});

test('precompiled messages (ICU ASTs) are kept and render like texts', async () => {
  const ast = parse('{current} of {total}');
  const messages = flattenMessages({ common: { progress: ast, next: parse('Next') } });
  expect(messages).toEqual({ 'common.progress': ast, 'common.next': expect.any(Array) });
  render(
    <I18nProvider lang="en" messages={messages}>
      <FormattedMessage id="common.progress" values={{ current: 2, total: 6 }} />
    </I18nProvider>,
  );
  expect(await screen.findByText('2 of 6')).toBeInTheDocument();
});

function Probe() {
  const { lang, setLang } = useLang();
  usePageTitle('common.appTitle');
  return (
    <div>
      <p>
        <FormattedMessage id="common.next" />
      </p>
      <p>{lang}</p>
      <button type="button" onClick={() => setLang('en')}>
        switch
      </button>
    </div>
  );
}

describe('I18nProvider', () => {
  test('loads the chosen language lazily, sets <html lang> and the title, and switches language', async () => {
    render(
      <I18nProvider lang="zh-TW">
        <Probe />
      </I18nProvider>,
    );
    expect(await screen.findByText('下一步')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('zh-TW');
    expect(document.title).toBe('開戶');
    await act(async () => screen.getByRole('button', { name: 'switch' }).click());
    expect(await screen.findByText('Next')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(document.title).toBe('Open an account');
    expect(localStorage.getItem('esop.lang')).toBe('en');
  });
});
