/**
 * The certificate of completion (issue 41), one language: a title, what it records, then sections of label: value
 * rows (the documents with their SHA-256, the signature with its place and device, the face check, the certificates)
 * and the drawn signature. The applicant's (certificate.ts) and the organisation signer's (org-sign) fill it; signed
 * afterwards by signCompletion (certificate-sign.ts).
 */
import { PDFDocument } from 'pdf-lib';
import type { Lang } from '@core/domain';
import { countryName, localeText } from '../../i18n';
import { BRAND, MUTED, Writer, embedCjkFont, setMeta } from '../../pdf/text';
import { same } from './words';

export interface CertificateRow {
  label: string;
  value: string;
}

export interface CertificateSection {
  heading: string;
  rows: CertificateRow[];
  /** the drawn signature (PNG) under the rows, with its caption */
  image?: { png: Uint8Array; caption: string } | null;
}

export interface CertificateLayout {
  lang: Lang;
  title: string;
  intro: string;
  sections: CertificateSection[];
  /** the footer's words beside the page number */
  footer: string;
  subject: string;
}

/** A `certificate.*` text of the locales. */
export const certText = (lang: Lang, key: string, vars: Record<string, string | number> = {}): string => localeText(`certificate.${key}`, lang, vars);

/** A moment as Hong Kong time, YYYY-MM-DD HH:mm:ss, named as such (the same words as the generated documents). */
export function hongKongTime(at: Date | string, lang: Lang): string {
  const d = typeof at === 'string' ? new Date(at) : at;
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Hong_Kong', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
      .formatToParts(d)
      .map((x) => [x.type, x.value]),
  );
  return localeText('documents.values.hongKongTime', lang, { time: `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}` });
}

/** A SHA-256 (hex) in groups of eight, so that it wraps on a phone's screen and is read group by group. */
export const groupedHex = (hex: string): string => hex.replace(/(.{8})(?=.)/g, '$1 ');

/** Where a request came from, in words: the country's name as the country picker says it, and the region's code. */
export function placeText(p: { country: string; region: string } | null, lang: Lang): string {
  if (!p || !p.country) return certText(lang, 'notRecorded');
  const name = countryName(p.country, lang);
  return p.region ? `${name} (${p.region})` : name;
}

/** The browser and system, in words ("Chrome 131 on Android 14"). */
export function deviceText(d: { browser: string; os: string } | null, lang: Lang): string {
  if (!d || (!d.browser && !d.os)) return certText(lang, 'notRecorded');
  if (d.browser && d.os) return certText(lang, 'deviceOn', { browser: d.browser, os: d.os });
  return d.browser || d.os;
}

export async function renderCertificate(c: CertificateLayout): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await embedCjkFont(pdf);
  setMeta(pdf, { title: c.title, subject: c.subject, lang: c.lang === 'zh-TW' ? 'zh-HK' : c.lang, producer: 'Certificate of completion' });
  const out = new Writer(pdf, font);
  out.text(c.title, { size: 17, color: BRAND, gapAfter: 4 });
  out.text(c.intro, { size: 9.5, color: MUTED, gapAfter: 4 });
  for (const s of c.sections) {
    out.heading(same(s.heading));
    for (const r of s.rows) out.row(same(r.label), r.value, 150);
    if (s.image) {
      out.keep(110);
      await out.image(s.image.png, s.image.caption);
    }
  }
  out.footers(c.footer);
  return pdf.save({ useObjectStreams: false });
}
