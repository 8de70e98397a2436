/** The pages' messages as a journey reads them, to find the words a screen or a PDF should show. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assert, ROOT } from './harness';

export type Lang = 'en' | 'zh-CN' | 'zh-TW';

/** A message of a language, its {placeholders} filled. */
export function textsOf(lang: Lang) {
  const all = JSON.parse(readFileSync(join(ROOT, 'locales', `${lang}.json`), 'utf8')) as Record<string, unknown>;
  return (key: string, values: Record<string, string | number> = {}): string => {
    const raw = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], all);
    assert(typeof raw === 'string', `no message ${key} in ${lang}`);
    return (raw as string).replace(/\{(\w+)\}/g, (_m, k: string) => String(values[k] ?? ''));
  };
}
