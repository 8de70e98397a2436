/**
 * Text on A4 PDF pages with pdf-lib, shared by the service's generated documents (ApplyDocument) and the scripts that
 * write our static PDFs (the sample customer agreement, the agreements of /sign): line breaking for Latin and CJK text, pages that follow the text, footers,
 * and the CJK font (WenQuanYi Micro Hei from Debian's fonts-wqy-microhei, embedded as a subset).
 */
import { existsSync, readFileSync } from 'node:fs';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import fontkit from '@pdf-lib/fontkit';

export const FONT_FILE = process.env.AGREEMENT_FONT ?? '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc';
export const FONT_FACE = process.env.AGREEMENT_FONT_FACE ?? 'WenQuanYiMicroHei';

export const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
export const MARGIN = { x: 56, top: 64, bottom: 64 };
export const INK = rgb(0.12, 0.14, 0.18);
export const MUTED = rgb(0.38, 0.41, 0.47);
export const BRAND = rgb(0.11, 0.31, 0.85);

/** Embeds the CJK font (a subset: only the glyphs used). */
export async function embedCjkFont(doc: PDFDocument): Promise<PDFFont> {
  if (!existsSync(FONT_FILE)) {
    throw new Error(`Font not found: ${FONT_FILE}. Install it with: apt-get install -y fonts-wqy-microhei (or set AGREEMENT_FONT).`);
  }
  // pdf-lib hands the bytes to fontkit without a face name; a collection (.ttc) needs one.
  doc.registerFontkit({ create: (buf: Uint8Array) => fontkit.create(buf, FONT_FILE.endsWith('.ttc') ? FONT_FACE : undefined) } as typeof fontkit);
  return doc.embedFont(readFileSync(FONT_FILE), { subset: true });
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

