/**
 * The desk's texts: the whole language file (the desk namespace, the error catalogue, the step titles), loaded for
 * the language shown. The applicant pages never load the desk namespace (src/core/i18n/namespaces.ts).
 */
import type { Lang } from '@core/domain/calls';
import { flattenMessages, type Messages } from '@core/i18n/messages';

type JsonModule = { default: Record<string, unknown> };

const LOADERS: Record<Lang, () => Promise<JsonModule>> = {
  'zh-CN': () => import('@locales/zh-CN.json') as Promise<JsonModule>,
  'zh-TW': () => import('@locales/zh-TW.json') as Promise<JsonModule>,
  en: () => import('@locales/en.json') as Promise<JsonModule>,
};

export async function loadDeskMessages(lang: Lang): Promise<Messages> {
  return flattenMessages((await LOADERS[lang]()).default);
}
