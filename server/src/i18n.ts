/** Error messages in the request's language, from locales/<lang>.json `errors.<code>`. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGS, type Lang } from '@core/domain';
import { projectRoot } from './config';

type Catalogue = Record<string, string>;
let catalogues: Record<Lang, { errors: Catalogue; server: Catalogue }> | undefined;

function load(): Record<Lang, { errors: Catalogue; server: Catalogue }> {
  if (!catalogues) {
    const root = projectRoot();
    const out = {} as Record<Lang, { errors: Catalogue; server: Catalogue }>;
    for (const lang of LANGS) {
      const json = JSON.parse(readFileSync(join(root, 'locales', `${lang}.json`), 'utf8')) as { errors?: Catalogue; server?: Catalogue };
      out[lang] = { errors: json.errors ?? {}, server: json.server ?? {} };
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

export function errorMessage(code: number | string, lang: Lang): string {
  const all = load();
  return all[lang].errors[String(code)] ?? all.en.errors[String(code)] ?? `Error ${code}`;
}

/** A server-side text (locales `server.<key>`) with {name} placeholders filled. */
export function serverText(key: string, lang: Lang, vars: Record<string, string | number> = {}): string {
  const all = load();
  const template = all[lang].server[key] ?? all.en.server[key];
  if (template === undefined) throw new Error(`locales: server.${key} is missing`);
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? `{${name}}`));
}
