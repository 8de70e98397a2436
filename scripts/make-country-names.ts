/**
 * Generates the country names the CountryPicker shows: src/core/ui/pickers/countries/{en,zh-CN,zh-TW}.json,
 * each {ISO alpha-2 code: name} for all codes i18n-iso-countries knows (the service checks codes against
 * the same package). en and zh-CN come from i18n-iso-countries; zh-TW is zh-CN converted with opencc-js
 * (mainland → Hong Kong wording and characters: the broker is in Hong Kong).
 * A few names are overridden: the short common English name where the package's first name is the long
 * official one, and Hong Kong, Macao and Taiwan named as regions of China.
 *
 *   npx tsx scripts/make-country-names.ts
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import zh from 'i18n-iso-countries/langs/zh.json' with { type: 'json' };
import * as OpenCC from 'opencc-js';

countries.registerLocale(en);
countries.registerLocale(zh);

const EN_OVERRIDES: Record<string, string> = {
  CN: 'China',
  HK: 'Hong Kong, China',
  MO: 'Macao, China',
  TW: 'Taiwan, China',
  US: 'United States',
  RU: 'Russia',
  IR: 'Iran',
  CZ: 'Czechia',
  TZ: 'Tanzania',
  MK: 'North Macedonia',
  PS: 'Palestine',
  TR: 'Türkiye',
  CI: "Côte d'Ivoire",
};
const ZH_OVERRIDES: Record<string, string> = { HK: '中国香港', MO: '中国澳门', TW: '中国台湾' };

const codes = Object.keys(countries.getAlpha2Codes()).sort();
const enNames = countries.getNames('en', { select: 'official' });
const zhNames = countries.getNames('zh', { select: 'official' });
const toHk = OpenCC.Converter({ from: 'cn', to: 'hk' });

const out = {
  en: {} as Record<string, string>,
  'zh-CN': {} as Record<string, string>,
  'zh-TW': {} as Record<string, string>,
};
for (const code of codes) {
  const e = EN_OVERRIDES[code] ?? enNames[code];
  const z = ZH_OVERRIDES[code] ?? zhNames[code];
  if (!e || !z) throw new Error(`no name for ${code}`);
  out.en[code] = e;
  out['zh-CN'][code] = z;
  out['zh-TW'][code] = toHk(z);
}

const dir = resolve(import.meta.dirname, '../src/core/ui/pickers/countries');
for (const [lang, names] of Object.entries(out)) {
  writeFileSync(resolve(dir, `${lang}.json`), `${JSON.stringify(names, null, 1)}\n`);
}
console.log(`${codes.length} countries written to ${dir}`);
