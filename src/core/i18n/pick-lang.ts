/**
 * The one rule for the language a page opens in, with nothing imported: lang.ts uses it in the app, and the build
 * writes its source (Function.prototype.toString) into each page's HTML, where it picks the language of the first
 * screen painted before any script loads (scripts/prerender.ts). Order: query `lang`/`langType` (outer query, then the
 * hash query), the user's explicit choice in this browser, the native app's language, then the browser's languages;
 * zh-HK/zh-MO/zh-TW/zh-Hant → zh-TW, other zh → zh-CN, en → en. Undefined when none of them names one of ours.
 */
export interface LangSources {
  search: string;
  hash: string;
  /** the choice kept in this browser (localStorage), if any */
  stored: string | null;
  /** the native app's language, when the page runs inside the app */
  app: string | null;
  languages: readonly string[];
}

export function pickLang(sources: LangSources): 'zh-CN' | 'zh-TW' | 'en' | undefined {
  const norm = (tag: string | null | undefined): 'zh-CN' | 'zh-TW' | 'en' | undefined => {
    if (!tag) return undefined;
    const t = tag.trim().replace(/_/g, '-').toLowerCase();
    if (!t) return undefined;
    if (t === 'zhtc' || t === 'tc' || t === 'zh-hant' || /^zh-(hk|mo|tw)$/.test(t) || t.indexOf('zh-hant') === 0) return 'zh-TW';
    if (t === 'zhcn' || t === 'zhsc' || t === 'sc' || t === 'cn' || t === 'zh' || t.indexOf('zh-') === 0) return 'zh-CN';
    if (t === 'en' || t.indexOf('en-') === 0) return 'en';
    return undefined;
  };
  const param = (name: string): string | null => {
    const outer = new URLSearchParams(sources.search).get(name);
    if (outer !== null) return outer;
    const q = sources.hash.indexOf('?');
    return q >= 0 ? new URLSearchParams(sources.hash.slice(q + 1)).get(name) : null;
  };
  const picked = [norm(param('lang')) || norm(param('langType')), norm(sources.stored), norm(sources.app)];
  for (const l of sources.languages) picked.push(norm(l));
  for (const p of picked) if (p) return p;
  return undefined;
}
