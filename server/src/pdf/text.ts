/**
 * Text on A4 PDF pages with pdf-lib, shared by the service's generated documents (ApplyDocument) and the scripts that
 * write our static PDFs (the sample customer agreement, the agreements of /sign): line breaking for Latin and CJK text, pages that follow the text, footers,
 * and the CJK font (WenQuanYi Micro Hei from Debian's fonts-wqy-microhei, embedded as a subset).
 */
import { constants, existsSync, readFileSync } from 'node:fs';
import { access } from 'node:fs/promises';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import fontkit from '@pdf-lib/fontkit';

/** The CJK font file (AGREEMENT_FONT, read when used) and its face inside a collection (AGREEMENT_FONT_FACE). */
export const fontFile = (): string => process.env.AGREEMENT_FONT ?? '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc';
const fontFace = (): string => process.env.AGREEMENT_FONT_FACE ?? 'WenQuanYiMicroHei';

export const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
export const MARGIN = { x: 56, top: 64, bottom: 64 };
export const INK = rgb(0.12, 0.14, 0.18);
export const MUTED = rgb(0.38, 0.41, 0.47);
export const BRAND = rgb(0.11, 0.31, 0.85);
export const HAIRLINE = rgb(0.85, 0.86, 0.9);
export const BAND = rgb(0.93, 0.95, 0.99);

/** A text in the document's two languages: Chinese (simplified or traditional) and English. */
export interface Bilingual {
  zh: string;
  en: string;
}

const fontMissing = () => `Font not found: ${fontFile()}. Install it with: apt-get install -y fonts-wqy-microhei (or set AGREEMENT_FONT).`;

/** Resolves when the CJK font can be read; rejects naming the file, the package and AGREEMENT_FONT (readiness, start). */
export async function fontReadable(): Promise<void> {
  try {
    await access(fontFile(), constants.R_OK);
  } catch {
    throw new Error(fontMissing());
  }
}

/** Embeds the CJK font (a subset: only the glyphs used). */
export async function embedCjkFont(doc: PDFDocument): Promise<PDFFont> {
  const file = fontFile();
  if (!existsSync(file)) {
    throw new Error(fontMissing());
  }
  // pdf-lib hands the bytes to fontkit without a face name; a collection (.ttc) needs one.
  doc.registerFontkit({ create: (buf: Uint8Array) => fontkit.create(buf, file.endsWith('.ttc') ? fontFace() : undefined) } as typeof fontkit);
  return doc.embedFont(readFileSync(file), { subset: true });
}

/** Fixed metadata: the file only changes when its text does. */
export function setMeta(doc: PDFDocument, m: { title: string; subject: string; lang: string; producer: string }): void {
  const fixedDate = new Date('2026-01-01T00:00:00Z');
  doc.setTitle(m.title);
  doc.setAuthor('Account opening');
  doc.setSubject(m.subject);
  doc.setLanguage(m.lang);
  doc.setProducer(m.producer);
  doc.setCreator(m.producer);
  doc.setCreationDate(fixedDate);
  doc.setModificationDate(fixedDate);
}

const NO_LINE_START = '。，、；：？！）」』”’%,.;:!?)';

/** Breaks text into lines no wider than maxWidth: at spaces for Latin words, between any two CJK characters. */
export function wrap(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const tokens = text.match(/[\u3000-\u9fff\uff00-\uffef]|[^\s\u3000-\u9fff\uff00-\uffef]+|\s+/g) ?? [];
  const lines: string[] = [];
  let line = '';
  for (const token of tokens) {
    const candidate = line + token;
    const fits = font.widthOfTextAtSize(candidate, size) <= maxWidth;
    // closing punctuation never starts a line: it may hang slightly past the margin instead
    if (fits || line.trim() === '' || NO_LINE_START.includes(token)) {
      line = candidate;
      continue;
    }
    lines.push(line.trimEnd());
    line = /^\s+$/.test(token) ? '' : token;
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines;
}

export class Writer {
  private page!: PDFPage;
  private y = 0;
  private pageNo = 0;
  readonly pages: PDFPage[] = [];

  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
  ) {
    this.newPage();
  }

  private newPage() {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
    this.pageNo += 1;
    this.y = PAGE.height - MARGIN.top;
  }

  private ensure(height: number) {
    if (this.y - height < MARGIN.bottom) this.newPage();
  }

  text(text: string, opts: { size: number; color?: ReturnType<typeof rgb>; gapAfter?: number; indent?: number; leading?: number }) {
    const indent = opts.indent ?? 0;
    const leading = opts.leading ?? opts.size * 1.55;
    for (const line of wrap(text, this.font, opts.size, PAGE.width - MARGIN.x * 2 - indent)) {
      this.ensure(leading);
      this.y -= leading;
      this.page.drawText(line, { x: MARGIN.x + indent, y: this.y, size: opts.size, font: this.font, color: opts.color ?? INK });
    }
    this.y -= opts.gapAfter ?? 0;
  }

  /** A label and its value on one line (the value wraps under itself). */
  field(label: string, value: string, size = 10.5) {
    const labelWidth = 170;
    const lines = wrap(value || '—', this.font, size, PAGE.width - MARGIN.x * 2 - labelWidth);
    const leading = size * 1.6;
    this.ensure(leading * lines.length);
    lines.forEach((line, i) => {
      this.y -= leading;
      if (i === 0) this.page.drawText(label, { x: MARGIN.x, y: this.y, size: size - 0.5, font: this.font, color: MUTED });
      this.page.drawText(line, { x: MARGIN.x + labelWidth, y: this.y, size, font: this.font, color: INK });
    });
  }

  /** The lines of a bilingual text in a column: the Chinese first, then the English when it says something else. */
  private bilingualLines(value: Bilingual | string, width: number, zhSize: number, enSize: number, enColor = INK) {
    const parts: Array<{ text: string; size: number; color: ReturnType<typeof rgb> }> =
      typeof value === 'string' ? [{ text: value, size: zhSize, color: INK }] : [{ text: value.zh, size: zhSize, color: INK }];
    if (typeof value !== 'string' && value.en && value.en !== value.zh) parts.push({ text: value.en, size: enSize, color: enColor });
    return parts.flatMap((p) => (p.text ? wrap(p.text, this.font, p.size, width) : []).map((line) => ({ line, size: p.size, color: p.color, leading: p.size * 1.45 })));
  }

  /** A section heading on a light band (Chinese, then English; once when both are the same), kept on the page of its first rows. */
  heading(title: Bilingual) {
    const size = 11.5;
    // one language (the certificate of completion) prints its heading once
    const text = title.en && title.en !== title.zh ? `${title.zh}  ${title.en}` : title.zh;
    const lines = wrap(text, this.font, size, PAGE.width - MARGIN.x * 2 - 12);
    const height = lines.length * size * 1.45 + 8;
    this.ensure(height + 10 + 60);
    this.y -= 10;
    this.page.drawRectangle({ x: MARGIN.x, y: this.y - height, width: PAGE.width - MARGIN.x * 2, height, color: BAND });
    lines.forEach((line, i) => this.page.drawText(line, { x: MARGIN.x + 6, y: this.y - 4 - (i + 1) * size * 1.45 + size * 0.3, size, font: this.font, color: BRAND }));
    this.y -= height + 2;
  }

  /**
   * A label: value row. The label (Chinese over English) in the left column, the value in the right: a free text as
   * given, a coded answer as its words (Chinese over English); both wrap, and a row is never split across pages.
   */
  row(label: Bilingual, value: Bilingual | string, labelWidth = 168) {
    const valueWidth = PAGE.width - MARGIN.x * 2 - labelWidth - 8;
    const left = this.bilingualLines(label, labelWidth - 6, 9, 8, MUTED);
    const right = this.bilingualLines(value, valueWidth, 10, 9.5);
    const heightOf = (lines: Array<{ leading: number }>) => lines.reduce((h, l) => h + l.leading, 0);
    const height = Math.max(heightOf(left), heightOf(right)) + 6;
    this.ensure(height);
    const draw = (lines: typeof left, x: number, color?: ReturnType<typeof rgb>) => {
      let y = this.y - 2;
      for (const l of lines) {
        y -= l.leading;
        this.page.drawText(l.line, { x, y: y + l.size * 0.3, size: l.size, font: this.font, color: color ?? l.color });
      }
    };
    draw(left, MARGIN.x, MUTED);
    draw(right, MARGIN.x + labelWidth + 8);
    this.y -= height;
    this.page.drawLine({ start: { x: MARGIN.x, y: this.y }, end: { x: PAGE.width - MARGIN.x, y: this.y }, thickness: 0.4, color: HAIRLINE });
  }

  /** A numbered statement (Chinese over English) and, under it, the applicant's answer; never split across pages. */
  statement(n: string, text: Bilingual, answer: Bilingual) {
    const indent = 20;
    const width = PAGE.width - MARGIN.x * 2 - indent;
    const body = this.bilingualLines(text, width, 9.5, 8.5, MUTED);
    const reply = `${answer.zh}  ${answer.en}`;
    const height = body.reduce((h, l) => h + l.leading, 0) + 10 * 1.5 + 6;
    this.ensure(height);
    let y = this.y - 2;
    this.page.drawText(n, { x: MARGIN.x, y: y - 9.5 * 1.45 + 9.5 * 0.3, size: 9.5, font: this.font, color: MUTED });
    for (const l of body) {
      y -= l.leading;
      this.page.drawText(l.line, { x: MARGIN.x + indent, y: y + l.size * 0.3, size: l.size, font: this.font, color: l.color });
    }
    y -= 10 * 1.5;
    this.page.drawText(reply, { x: MARGIN.x + indent, y: y + 3, size: 10, font: this.font, color: BRAND });
    this.y -= height;
    this.page.drawLine({ start: { x: MARGIN.x, y: this.y }, end: { x: PAGE.width - MARGIN.x, y: this.y }, thickness: 0.4, color: HAIRLINE });
  }

  /** A paragraph in both languages (Chinese, then English in grey). */
  paragraph(text: Bilingual, gapAfter = 6) {
    this.y -= 4;
    this.text(text.zh, { size: 9.5 });
    if (text.en !== text.zh) this.text(text.en, { size: 9, color: MUTED });
    this.y -= gapAfter;
  }

  /** A PNG (e.g. the applicant's signature) at most `maxWidth` x `maxHeight`, with a caption under it. */
  async image(png: Uint8Array, caption: string, maxWidth = 200, maxHeight = 70) {
    const img = await this.doc.embedPng(png);
    const scale = Math.min(maxWidth / img.width, maxHeight / img.height, 1);
    const w = img.width * scale;
    const h = img.height * scale;
    this.ensure(h + 30);
    this.y -= h + 6;
    this.page.drawImage(img, { x: MARGIN.x, y: this.y, width: w, height: h });
    this.page.drawLine({ start: { x: MARGIN.x, y: this.y - 2 }, end: { x: MARGIN.x + maxWidth, y: this.y - 2 }, thickness: 0.6, color: MUTED });
    this.y -= 14;
    this.page.drawText(caption, { x: MARGIN.x, y: this.y, size: 9, font: this.font, color: MUTED });
    this.y -= 6;
  }

  rule() {
    this.ensure(16);
    this.y -= 8;
    this.page.drawLine({ start: { x: MARGIN.x, y: this.y }, end: { x: PAGE.width - MARGIN.x, y: this.y }, thickness: 0.6, color: MUTED });
    this.y -= 8;
  }

  /** Keeps a heading with the start of its first clause. */
  keep(height: number) {
    this.ensure(height);
  }

  footers(title: string) {
    const total = this.pages.length;
    this.pages.forEach((p, i) => {
      const label = `${title} — ${i + 1} / ${total}`;
      const w = this.font.widthOfTextAtSize(label, 8);
      p.drawText(label, { x: (PAGE.width - w) / 2, y: MARGIN.bottom / 2, size: 8, font: this.font, color: MUTED });
    });
  }
}

