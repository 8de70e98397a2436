/**
 * The service's texts in the request's language, from locales/<lang>.json (the screens' own catalogue): error
 * messages (`errors.<code>`), server texts (`server.<key>`), any other key (the generated documents read the screens'
 * option labels); and the country names of the screens' country picker (src/core/ui/pickers/countries/<lang>.json).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGS, type Lang } from '@core/domain';
import { projectRoot } from './config';

type Catalogue = Record<string, string>;
interface Tree {
  [key: string]: string | Tree;
}
let catalogues: Record<Lang, { errors: Catalogue; server: Catalogue; all: Tree }> | undefined;
let countries: Record<Lang, Catalogue> | undefined;

function load(): Record<Lang, { errors: Catalogue; server: Catalogue; all: Tree }> {
  if (!catalogues) {
    const root = projectRoot();
    const out = {} as Record<Lang, { errors: Catalogue; server: Catalogue; all: Tree }>;
    for (const lang of LANGS) {
      const json = JSON.parse(readFileSync(join(root, 'locales', `${lang}.json`), 'utf8')) as Tree & { errors?: Catalogue; server?: Catalogue };
      out[lang] = { errors: json.errors ?? {}, server: json.server ?? {}, all: json };
    }
    catalogues = out;
  }
  return catalogues;
}

export const DEFAULT_LANG: Lang = 'zh-CN';

/** `x-esop-lang` first, then the first supported language in `accept-language`. */
export function langOf(headers: Record<string, string | string[] | undefined>): Lang {
  const pick = (raw: string): Lang | undefined => {
    const tag = raw.trim().split(';')[0].trim().toLowerCase();
    if (!tag) return undefined;
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
    if (/^zh-(tw|hk|mo|hant)/.test(tag)) return 'zh-TW';
    if (tag === 'zh' || tag.startsWith('zh-')) return 'zh-CN';
    return undefined;
  };
  const explicit = headers['x-esop-lang'];
  if (typeof explicit === 'string') {
    const l = pick(explicit);
    if (l) return l;
  }
  const accept = headers['accept-language'];
  if (typeof accept === 'string') {
    for (const part of accept.split(',')) {
      const l = pick(part);
      if (l) return l;
    }
  }
  return DEFAULT_LANG;
}

const fill = (template: string, vars: Record<string, string | number>): string => template.replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? `{${name}}`));

export function errorMessage(code: number | string, lang: Lang): string {
  const all = load();
  return all[lang].errors[String(code)] ?? all.en.errors[String(code)] ?? `Error ${code}`;
}

/** A server-side text (locales `server.<key>`) with {name} placeholders filled. */
export function serverText(key: string, lang: Lang, vars: Record<string, string | number> = {}): string {
  const all = load();
  const template = all[lang].server[key] ?? all.en.server[key];
  if (template === undefined) throw new Error(`locales: server.${key} is missing`);
  return fill(template, vars);
}

/** Any text of locales/<lang>.json by its dotted key (`finance.income.HKD.2`), {name} placeholders filled; a missing key throws. */
export function localeText(key: string, lang: Lang, vars: Record<string, string | number> = {}): string {
  let node: string | Tree | undefined = load()[lang].all;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`locales/${lang}.json: ${key} is missing`);
  return fill(node, vars);
}

/** The name of an ISO 3166-1 alpha-2 code as the screens' country picker shows it in `lang` (the code itself if unknown). */
export function countryName(code: string, lang: Lang): string {
  if (!countries) {
    const dir = join(projectRoot(), 'src', 'core', 'ui', 'pickers', 'countries');
    countries = Object.fromEntries(LANGS.map((l) => [l, JSON.parse(readFileSync(join(dir, `${l}.json`), 'utf8')) as Catalogue])) as Record<Lang, Catalogue>;
  }
  return countries[lang][code] ?? code;
}
