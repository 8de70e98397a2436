/**
 * The words of the generated documents, in their two languages (a Chinese one and English). Every coded answer is
 * named by the text the applicant picked it from: the screens' option labels in locales/<lang>.json, the country
 * picker's names, the domain's broker list. Nothing here keeps a second copy of them; the documents' own labels are
 * under `documents.*` in the same files.
 */
import { BROKERS, type ClientType, type Lang } from '@core/domain';
import { countryName, localeText } from '../../i18n';
import type { Bilingual } from '../../pdf/text';

/** The Chinese of a document: simplified for mainland applicants (cn), traditional for Hong Kong and overseas (hk) and organisations. */
export type ChineseLang = Extract<Lang, 'zh-CN' | 'zh-TW'>;
export const chineseOf = (clientType: ClientType): ChineseLang => (clientType === 'cn' ? 'zh-CN' : 'zh-TW');

export class Words {
  constructor(readonly zh: ChineseLang) {}

  /** A locale text in both languages. */
  text(key: string, vars: Record<string, string | number> = {}): Bilingual {
    return { zh: localeText(key, this.zh, vars), en: localeText(key, 'en', vars) };
  }

  /** A `documents.*` text. */
  doc(key: string, vars: Record<string, string | number> = {}): Bilingual {
    return this.text(`documents.${key}`, vars);
  }

  /** A country or region by its ISO code, as the country picker names it. */
  country(code: string): Bilingual {
    return { zh: countryName(code, this.zh), en: countryName(code, 'en') };
  }

  /** Several words as one value: 、 between the Chinese ones, semicolons between the English ones. */
  list(items: readonly Bilingual[]): Bilingual {
    return { zh: items.map((i) => i.zh).join('、'), en: items.map((i) => i.en).join('; ') };
  }

  /** The texts of option codes under a locale group (`job.funds` + "1,6" → the two labels). */
  options(group: string, codes: readonly string[]): Bilingual {
    return this.list(codes.map((c) => this.text(`${group}.${c}`)));
  }

  yesNo(yes: boolean): Bilingual {
    return this.doc(yes ? 'values.yes' : 'values.no');
  }

  /** A bank or broker of the statement step by its code (the typed name for "other"). */
  broker(code: unknown, typed: string): Bilingual | string {
    const b = BROKERS.find((x) => x.code === code);
    if (!b || typed) return typed || String(code ?? '');
    return { zh: this.zh === 'zh-CN' ? b.zhCN : b.zhTW, en: b.en };
  }

  /** A moment in Hong Kong time, YYYY-MM-DD HH:mm, named as such. */
  hongKongTime(at: Date | string): Bilingual {
    const d = typeof at === 'string' ? new Date(at) : at;
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Hong_Kong', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
        .formatToParts(d)
        .map((p) => [p.type, p.value]),
    );
    return this.doc('values.hongKongTime', { time: `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}` });
  }
}

/** A free text that is the same in both languages (a name, an address, a number). */
export const same = (s: string): Bilingual => ({ zh: s, en: s });
