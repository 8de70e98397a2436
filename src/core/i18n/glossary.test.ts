/**
 * The glossary holds for every text of every language: the locale files (screens, dialogs, the desk, the generated
 * documents' labels) and the agreements' titles. A banned variant anywhere fails here, named with its key.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GLOSSARY, GLOSSARY_EXEMPT, glossaryProblems } from './glossary';
import type { Lang } from './lang';

const root = join(__dirname, '..', '..', '..');
const LANGS: Lang[] = ['en', 'zh-CN', 'zh-TW'];

const entries = (o: Record<string, unknown>, p = ''): [string, string][] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? entries(v as Record<string, unknown>, `${p}${k}.`) : [[`${p}${k}`, String(v)] as [string, string]]));

const texts = (lang: Lang) => entries(JSON.parse(readFileSync(join(root, 'locales', `${lang}.json`), 'utf8')) as Record<string, unknown>);

test.each([
  ['zh-TW', '升級孖展帳戶', ['帳戶', '孖展帳戶']],
  ['zh-TW', '融資帳戶', ['帳戶', '融資帳戶']],
  ['zh-TW', '上載地址證明', ['地址證明']],
  ['zh-TW', '上載通訊地址證明及住址證明，開立保證金賬戶', []],
  ['zh-TW', '不會追收孖展', []],
  ['zh-CN', '融资账户声明', ['融资账户']],
  ['zh-CN', '请上传地址证明', ['地址证明']],
  ['zh-CN', '通讯地址证明、住址证明、保证金账户', []],
  ['en', 'Address proof not accepted', ['Address proof']],
  ['en', 'Upload a proof of address for your margin account', []],
] as [Lang, string, string[]][])('in %s, "%s" is refused for %j', (lang, text, found) => {
  expect(glossaryProblems(lang, text).map((p) => p.found)).toEqual(found);
});

test.each(LANGS)('every %s text uses the glossary\'s words', (lang) => {
  const all = texts(lang);
  expect(all.length).toBeGreaterThan(1000);
  const problems = all
    .filter(([key]) => !GLOSSARY_EXEMPT.some((re) => re.test(key)))
    .flatMap(([key, text]) => glossaryProblems(lang, text).map((p) => `${key}: "${p.found}" (use "${p.use}")`));
  expect(problems).toEqual([]);
});

test.each(LANGS)('each word of the %s glossary is in use (an unused entry means the texts chose another word)', (lang) => {
  const joined = texts(lang).map(([, t]) => t).join('\n').toLowerCase();
  expect(GLOSSARY[lang].filter((term) => !joined.includes(term.use.toLowerCase())).map((t) => t.use)).toEqual([]);
});
