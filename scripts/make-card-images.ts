/**
 * Synthetic card photos with KNOWN text, for the OCR service tests and the e2e journeys: a mainland ID card
 * (portrait side and emblem side), a Hong Kong identity card's front, a passport's data page and a bank card, each drawn at 12 px per millimetre (the card is about
 * 1027 x 648 px) and laid on a darker table-like background with a margin, as a phone photo would show it.
 * Variants for the error paths: a greyscale "photocopy", a photo with a large blown-out glare patch, and a
 * blank picture with no card.
 *
 * Library: `import { makeIdFront, makeIdBack, makeHkIdFront, makePassportPage, makeBankCard, makePhotocopy, makeGlare, makeTilted, makeBlank } from
 * 'scripts/make-card-images'` — JPEG by default (about 100 KB; pass 'png' for a lossless ~440 KB file), makeBlank PNG.
 * CLI: `npx tsx scripts/make-card-images.ts <out-dir>` writes a set of sample files.
 *
 * Text is set in WenQuanYi Micro Hei (Debian package fonts-wqy-microhei); CARD_FONT names another file.
 * The pictures are our own drawings: the emblem is a plain red disc with stars, not the national emblem.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createCanvas, GlobalFonts, loadImage, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import sharp from 'sharp';

export const CARD_FONT_FILE = process.env.CARD_FONT ?? '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc';
const FONT = 'CardFont';

/** pixels per millimetre of card */
const S = 12;
/** ISO/IEC 7810 ID-1 size in millimetres */
const CARD_MM = { w: 85.6, h: 54 };
/** background margin around the card, in pixels */
const MARGIN = { x: 90, y: 80 };

let fontReady = false;
function ensureFont(): void {
  if (fontReady) return;
  if (!existsSync(CARD_FONT_FILE)) {
    throw new Error(
      `make-card-images: the CJK font ${CARD_FONT_FILE} is missing. Install it (Debian/Ubuntu: apt-get install -y fonts-wqy-microhei) or set CARD_FONT to a .ttf/.ttc with Chinese glyphs.`,
    );
  }
  if (!GlobalFonts.registerFromPath(CARD_FONT_FILE, FONT)) throw new Error(`make-card-images: cannot load the font ${CARD_FONT_FILE}`);
  fontReady = true;
}

export interface IdFrontOptions {
  name: string;
  /** 男 or 女 */
  gender: '男' | '女';
  /** ethnic group as printed, e.g. 汉 */
  nation: string;
  /** YYYY-MM-DD */
  birthday: string;
  /** the address; wrapped onto up to three lines of 11 characters */
  address: string;
  /** 18 characters */
  idNumber: string;
  /** the holder's picture for the portrait box (a face the liveness check compares); a grey silhouette without */
  portrait?: Buffer;
}

export interface IdBackOptions {
  /** 签发机关, e.g. 北京市公安局朝阳分局 */
  authority: string;
  /** YYYY.MM.DD or YYYY-MM-DD */
  validFrom: string;
  /** YYYY.MM.DD, YYYY-MM-DD, or 长期 */
  validTo: string;
}

export interface BankCardOptions {
  bankName: string;
  /** 12-25 digits (spaces allowed; printed in groups of four) */
  number: string;
  holder?: string;
  /** MM/YY */
  validThru?: string;
}

/** The front of a Hong Kong permanent identity card (the 2018 smart card's layout, our own drawing). */
export interface HkIdFrontOptions {
  /** as printed: traditional characters, '' for a holder without a Chinese name */
  chineseName: string;
  /** the Chinese commercial code of each character, printed under the Chinese name (e.g. 7115 1129 2429) */
  ccc?: string;
  /** as printed: SURNAME, Given Names (e.g. CHAN, Tai Man) */
  englishName: string;
  /** YYYY-MM-DD (printed DD-MM-YYYY) */
  birthday: string;
  sex: 'M' | 'F';
  /** the number with its check digit, printed with the check digit in brackets: A123456(3) */
  idNumber: string;
  /** YYYY-MM-DD of issue (printed DD-MM-YY after the first-registration code) */
  issued?: string;
}

/** A passport's data page (ICAO 9303 TD3: 125 x 88 mm, two 44-character MRZ lines; our own drawing). */
export interface PassportOptions {
  /** ICAO three-letter code of the issuing state (GBR, HKG, D for Germany) */
  issuingState: string;
  nationality: string;
  /** in capitals, as the MRZ spells them (SMITH / JOHN PETER) */
  surname: string;
  givenNames: string;
  /** up to 9 letters and digits */
  number: string;
  /** YYYY-MM-DD */
  birthday: string;
  sex: 'M' | 'F';
  /** YYYY-MM-DD */
  expiry: string;
  /** the check digit of the number printed wrong (a misread or forged zone) */
  badCheckDigit?: boolean;
}

export type ImageFormat = 'png' | 'jpeg';

export const SAMPLE_FRONT: IdFrontOptions = {
  name: '张伟明',
  gender: '男',
  nation: '汉',
  birthday: '1990-03-07',
  address: '广东省深圳市福田区深南大道1001号华强花园3栋502房',
  idNumber: '44030419900307211X',
};

export const SAMPLE_BACK: IdBackOptions = { authority: '深圳市公安局福田分局', validFrom: '2016.05.20', validTo: '2036.05.20' };

export const SAMPLE_HK_FRONT: HkIdFrontOptions = {
  chineseName: '陳大文',
  ccc: '7115 1129 2429',
  englishName: 'CHAN, Tai Man',
  birthday: '1988-06-15',
  sex: 'M',
  idNumber: 'K1234560',
  issued: '2019-03-21',
};

export const SAMPLE_PASSPORT: PassportOptions = {
  issuingState: 'GBR',
  nationality: 'GBR',
  surname: 'SMITH',
  givenNames: 'JOHN PETER',
  number: '533401372',
  birthday: '1985-04-12',
  sex: 'M',
  expiry: '2031-09-30',
};

export const SAMPLE_BANK: BankCardOptions = { bankName: '中国建设银行', number: '6217 0012 3456 7890 122', holder: 'ZHANG WEIMING', validThru: '09/31' };

// ---------------------------------------------------------------- drawing helpers

const mm = (v: number) => Math.round(v * S);

/** deterministic pseudo-random numbers, so the same options always give the same picture */
function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return ((s >>> 0) % 1_000_000) / 1_000_000;
  };
}

function seedOf(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619);
  return h >>> 0;
}

function roundRect(ctx: SKRSContext2D, x: number, y: number, w: number, h: number, r: number): void {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

/** A canvas with a table-like dark background and a card-sized rounded rectangle path at (MARGIN). */
function photo(background: [number, number, number], seed: number, size: { w: number; h: number } = CARD_MM) {
  ensureFont();
  const cw = mm(size.w);
  const ch = mm(size.h);
  const canvas = createCanvas(cw + MARGIN.x * 2, ch + MARGIN.y * 2);
  const ctx = canvas.getContext('2d');
  const grad = ctx.createLinearGradient(0, 0, canvas.width, canvas.height);
  const [r, g, b] = background;
  grad.addColorStop(0, `rgb(${r + 14},${g + 12},${b + 10})`);
  grad.addColorStop(1, `rgb(${r - 10},${g - 10},${b - 8})`);
  ctx.fillStyle = grad;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  // wood-grain streaks
  const rand = rng(seed);
  for (let i = 0; i < 40; i++) {
    ctx.strokeStyle = `rgba(0,0,0,${0.04 + rand() * 0.05})`;
    ctx.lineWidth = 1 + rand() * 3;
    const y = rand() * canvas.height;
    ctx.beginPath();
    ctx.moveTo(0, y);
    ctx.bezierCurveTo(canvas.width * 0.3, y + rand() * 30 - 15, canvas.width * 0.6, y + rand() * 30 - 15, canvas.width, y + rand() * 20 - 10);
    ctx.stroke();
  }
  // the card's shadow
  ctx.save();
  ctx.shadowColor = 'rgba(0,0,0,0.55)';
  ctx.shadowBlur = 18;
  ctx.shadowOffsetX = 6;
  ctx.shadowOffsetY = 8;
  roundRect(ctx, MARGIN.x, MARGIN.y, cw, ch, mm(3.2));
  ctx.fillStyle = '#777';
  ctx.fill();
  ctx.restore();
  return { canvas, ctx, cw, ch, x0: MARGIN.x, y0: MARGIN.y, rand };
}

/** Fills the card shape with a pale two-colour gradient and faint guilloche waves, then clips to it. */
function cardFace(ctx: SKRSContext2D, x0: number, y0: number, cw: number, ch: number, from: string, to: string, wave: string, rand: () => number): void {
  roundRect(ctx, x0, y0, cw, ch, mm(3.2));
  ctx.save();
  ctx.clip();
  const grad = ctx.createLinearGradient(x0, y0, x0 + cw, y0 + ch);
  grad.addColorStop(0, from);
  grad.addColorStop(1, to);
  ctx.fillStyle = grad;
  ctx.fillRect(x0, y0, cw, ch);
  ctx.strokeStyle = wave;
  ctx.lineWidth = 1;
  for (let k = 0; k < 22; k++) {
    const phase = rand() * Math.PI * 2;
    const base = y0 + (k + 0.5) * (ch / 22);
    ctx.beginPath();
    for (let x = 0; x <= cw; x += 8) {
      const y = base + Math.sin(x / 37 + phase) * 6 + Math.sin(x / 11 + phase * 2) * 1.5;
      if (x === 0) ctx.moveTo(x0 + x, y);
      else ctx.lineTo(x0 + x, y);
    }
    ctx.stroke();
  }
}

function text(ctx: SKRSContext2D, s: string, x: number, y: number, size: number, color: string, spacing = 0): void {
  ctx.font = `${size}px ${FONT}`;
  ctx.fillStyle = color;
  ctx.textBaseline = 'alphabetic';
  if (!spacing) {
    ctx.fillText(s, x, y);
    return;
  }
  let cx = x;
  for (const c of s) {
    ctx.fillText(c, cx, y);
    cx += ctx.measureText(c).width + spacing;
  }
}

/** The portrait box (px, py, pw, ph) filled with `box`, a head-and-shoulders silhouette in it in `colour`. */
function silhouette(ctx: SKRSContext2D, px: number, py: number, pw: number, ph: number, colour: string, box = 'rgb(200,204,212)'): void {
  ctx.fillStyle = box;
  ctx.fillRect(px, py, pw, ph);
  ctx.fillStyle = colour;
  ctx.beginPath();
  ctx.ellipse(px + pw / 2, py + ph * 0.38, pw * 0.2, ph * 0.2, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.beginPath();
  ctx.ellipse(px + pw / 2, py + ph, pw * 0.42, ph * 0.36, 0, Math.PI, Math.PI * 2);
  ctx.fill();
}

const LABEL = 'rgb(40,96,160)';
const INK = 'rgb(22,22,26)';

function dotted(date: string): string {
  return date.replace(/-/g, '.');
}

/** Splits an address into lines of at most `n` characters (Latin digits count as half). */
export function wrapAddress(address: string, n = 11): string[] {
  const lines: string[] = [];
  let line = '';
  let width = 0;
  for (const c of address) {
    const w = /[\x20-\x7e]/.test(c) ? 0.55 : 1;
    if (width + w > n) {
      lines.push(line);
      line = '';
      width = 0;
    }
    line += c;
    width += w;
  }
  if (line) lines.push(line);
  return lines.slice(0, 3);
}

async function encode(canvas: Canvas, format: ImageFormat): Promise<Buffer> {
  return format === 'png' ? canvas.encode('png') : canvas.encode('jpeg', 92);
}

// ---------------------------------------------------------------- cards

/** The portrait side of a mainland resident ID card (姓名 性别 民族 出生 住址 公民身份号码, photo box). */
export async function makeIdFront(opts: IdFrontOptions = SAMPLE_FRONT, format: ImageFormat = 'jpeg'): Promise<Buffer> {
  const { portrait, ...printed } = opts;
  const { canvas, ctx, cw, ch, x0, y0, rand } = photo([70, 58, 48], seedOf(JSON.stringify(printed)));
  cardFace(ctx, x0, y0, cw, ch, 'rgb(200,224,242)', 'rgb(242,222,196)', 'rgba(120,160,200,0.18)', rand);
  const X = (v: number) => x0 + mm(v);
  const Y = (v: number) => y0 + mm(v);
  const label = 30;
  const value = 34;
  text(ctx, '姓 名', X(5), Y(10), label, LABEL);
  text(ctx, opts.name, X(15), Y(10), 40, INK, 4);
  text(ctx, '性 别', X(5), Y(17), label, LABEL);
  text(ctx, opts.gender, X(15), Y(17), value, INK);
  text(ctx, '民 族', X(25), Y(17), label, LABEL);
  text(ctx, opts.nation, X(34), Y(17), value, INK);
  const [y, m, d] = opts.birthday.split('-').map(Number);
  text(ctx, '出 生', X(5), Y(24), label, LABEL);
  text(ctx, String(y), X(15), Y(24), value, INK);
  text(ctx, '年', X(25.5), Y(24), label, LABEL);
  text(ctx, String(m), X(30.5), Y(24), value, INK);
  text(ctx, '月', X(34), Y(24), label, LABEL);
  text(ctx, String(d), X(39), Y(24), value, INK);
  text(ctx, '日', X(43), Y(24), label, LABEL);
  text(ctx, '住 址', X(5), Y(31), label, LABEL);
  wrapAddress(opts.address).forEach((line, i) => text(ctx, line, X(15), Y(31 + i * 4.6), value, INK));
  text(ctx, '公民身份号码', X(5), Y(48), label, LABEL);
  text(ctx, opts.idNumber, X(29), Y(48.3), 40, INK, 3);
  // portrait box: the holder's picture (cut to the box's shape), or a grey head-and-shoulders silhouette
  const px = X(57);
  const py = Y(5);
  const pw = mm(24);
  const ph = mm(31);
  ctx.fillStyle = 'rgb(196,200,206)';
  ctx.fillRect(px, py, pw, ph);
  if (portrait) {
    const img = await loadImage(portrait);
    const s = Math.max(pw / img.width, ph / img.height);
    const sw = pw / s;
    const sh = ph / s;
    ctx.drawImage(img, (img.width - sw) / 2, 0, sw, sh, px, py, pw, ph);
    ctx.restore();
    return encode(canvas, format);
  }
  silhouette(ctx, px, py, pw, ph, 'rgb(120,124,132)', 'rgb(196,200,206)');
  ctx.restore();
  return encode(canvas, format);
}

/**
 * A Hong Kong permanent identity card's front: the titles, the Chinese name and its commercial code, the English name,
 * the date of birth and sex, the symbols, the date of issue, the number with its check digit in brackets, and the
 * portrait on the right (a grey silhouette). Our own drawing of the layout, not a copy of the card's artwork.
 */
export async function makeHkIdFront(opts: HkIdFrontOptions = SAMPLE_HK_FRONT, format: ImageFormat = 'jpeg'): Promise<Buffer> {
  const { canvas, ctx, cw, ch, x0, y0, rand } = photo([60, 62, 70], seedOf(JSON.stringify(opts)));
  cardFace(ctx, x0, y0, cw, ch, 'rgb(184,212,240)', 'rgb(240,196,216)', 'rgba(120,96,190,0.22)', rand);
  const X = (v: number) => x0 + mm(v);
  const Y = (v: number) => y0 + mm(v);
  const dmy = (iso: string, short = false) => {
    const [y, m, d] = iso.split('-');
    return `${d}-${m}-${short ? y.slice(2) : y}`;
  };
  text(ctx, '香港永久性居民身份證', X(4), Y(7.5), 36, 'rgb(150,40,60)', 2);
  text(ctx, 'HONG KONG PERMANENT IDENTITY CARD', X(4), Y(11.2), 24, 'rgb(150,40,60)', 1);
  if (opts.chineseName) text(ctx, opts.chineseName, X(4), Y(18.5), 52, INK, 6);
  if (opts.ccc) text(ctx, opts.ccc, X(4), Y(22.6), 28, INK, 2);
  text(ctx, opts.englishName, X(4), Y(27.6), 38, INK, 1);
  text(ctx, '出生日期 Date of Birth', X(4), Y(31.4), 20, LABEL);
  text(ctx, dmy(opts.birthday), X(4), Y(35.4), 36, INK, 2);
  text(ctx, opts.sex, X(30), Y(35.4), 36, INK);
  text(ctx, '***AZ', X(4), Y(40), 30, INK, 2);
  if (opts.issued) {
    text(ctx, '簽發日期 Date of Issue', X(4), Y(43.6), 20, LABEL);
    text(ctx, `(01-79) ${dmy(opts.issued, true)}`, X(4), Y(47.6), 32, INK, 1);
  }
  const n = opts.idNumber.toUpperCase().replace(/[^A-Z0-9]/g, '');
  text(ctx, `${n.slice(0, -1)}(${n.slice(-1)})`, X(50), Y(50), 44, INK, 2);
  // portrait box: a grey head-and-shoulders silhouette
  silhouette(ctx, X(56), Y(13), mm(25), mm(31), 'rgb(118,122,132)');
  ctx.restore();
  return encode(canvas, format);
}

/** ICAO 9303's check digit of an MRZ field (weights 7, 3, 1; < is 0, A-Z are 10-35). */
export function mrzCheckDigit(field: string): string {
  const value = (c: string) => (c === '<' ? 0 : /[0-9]/.test(c) ? Number(c) : c.charCodeAt(0) - 55);
  let sum = 0;
  [...field].forEach((c, i) => (sum += value(c) * [7, 3, 1][i % 3]));
  return String(sum % 10);
}

/** The two lines of a passport's machine-readable zone (TD3), check digits computed. */
export function passportMrz(o: PassportOptions): [string, string] {
  const pad = (v: string, n: number) => (v + '<'.repeat(n)).slice(0, n);
  const yymmdd = (iso: string) => iso.slice(2).replace(/-/g, '');
  const name = `${o.surname.replace(/ /g, '<')}<<${o.givenNames.replace(/ /g, '<')}`;
  const line1 = pad(`P<${pad(o.issuingState, 3)}${name}`, 44);
  const number = pad(o.number, 9);
  const numberCheck = o.badCheckDigit ? String((Number(mrzCheckDigit(number)) + 1) % 10) : mrzCheckDigit(number);
  const birth = yymmdd(o.birthday);
  const expiry = yymmdd(o.expiry);
  const personal = '<'.repeat(14);
  const personalCheck = '<';
  const composite = mrzCheckDigit(`${number}${numberCheck}${birth}${mrzCheckDigit(birth)}${expiry}${mrzCheckDigit(expiry)}${personal}${personalCheck}`);
  const line2 = `${number}${numberCheck}${pad(o.nationality, 3)}${birth}${mrzCheckDigit(birth)}${o.sex}${expiry}${mrzCheckDigit(expiry)}${personal}${personalCheck}${composite}`;
  return [line1, line2];
}

/**
 * A passport's data page lying on a table: the printed fields in the upper part, the portrait on the left and the
 * two MRZ lines at the bottom in fixed-pitch capitals. Our own drawing, not any state's design.
 */
export async function makePassportPage(opts: PassportOptions = SAMPLE_PASSPORT, format: ImageFormat = 'jpeg'): Promise<Buffer> {
  const size = { w: 125, h: 88 };
  const { canvas, ctx, cw, ch, x0, y0, rand } = photo([58, 54, 50], seedOf(JSON.stringify(opts)), size);
  cardFace(ctx, x0, y0, cw, ch, 'rgb(196,226,186)', 'rgb(178,204,240)', 'rgba(70,120,150,0.26)', rand);
  const X = (v: number) => x0 + mm(v);
  const Y = (v: number) => y0 + mm(v);
  const dmy = (iso: string) => {
    const [y, m, d] = iso.split('-');
    const months = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
    return `${d} ${months[Number(m) - 1]} ${y}`;
  };
  text(ctx, 'PASSPORT', X(6), Y(9), 40, 'rgb(30,60,110)', 3);
  const field = (label: string, value: string, x: number, y: number) => {
    text(ctx, label, X(x), Y(y), 20, LABEL);
    text(ctx, value, X(x), Y(y + 5), 32, INK, 1);
  };
  field('Type / Code / Passport No.', `P  ${opts.issuingState}  ${opts.number}`, 44, 16);
  field('Surname', opts.surname, 44, 27);
  field('Given names', opts.givenNames, 44, 37);
  field('Nationality', opts.nationality, 44, 47);
  field('Date of birth', dmy(opts.birthday), 90, 47);
  field('Sex', opts.sex, 44, 57);
  field('Date of expiry', dmy(opts.expiry), 90, 57);
  silhouette(ctx, X(6), Y(14), mm(33), mm(42), 'rgb(118,122,132)');
  // the MRZ: a white band, two lines of 44 characters at a fixed pitch
  ctx.fillStyle = 'rgba(255,255,255,0.75)';
  ctx.fillRect(x0, Y(68), cw, ch - mm(68));
  const pitch = (cw - mm(12)) / 44;
  passportMrz(opts).forEach((line, row) => {
    ctx.font = `${Math.round(pitch * 1.3)}px ${FONT}`;
    ctx.fillStyle = INK;
    // each character centred in its cell
    [...line].forEach((c, i) => ctx.fillText(c, X(6) + i * pitch + (pitch - ctx.measureText(c).width) / 2, Y(76 + row * 7.5)));
  });
  ctx.restore();
  return encode(canvas, format);
}

/** The emblem side: 中华人民共和国 / 居民身份证 / 签发机关 / 有效期限. */
export async function makeIdBack(opts: IdBackOptions = SAMPLE_BACK, format: ImageFormat = 'jpeg'): Promise<Buffer> {
  const { canvas, ctx, cw, ch, x0, y0, rand } = photo([64, 60, 56], seedOf(JSON.stringify(opts)));
  cardFace(ctx, x0, y0, cw, ch, 'rgb(242,222,192)', 'rgb(198,224,240)', 'rgba(200,150,110,0.2)', rand);
  const X = (v: number) => x0 + mm(v);
  const Y = (v: number) => y0 + mm(v);
  // emblem: a red disc with five gold stars (a drawing of our own)
  const ex = X(14);
  const ey = Y(15);
  ctx.fillStyle = 'rgb(200,30,36)';
  ctx.beginPath();
  ctx.arc(ex, ey, mm(9.5), 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = 'rgb(250,204,60)';
  const star = (cx: number, cy: number, r: number) => {
    ctx.beginPath();
    for (let i = 0; i < 10; i++) {
      const a = -Math.PI / 2 + (i * Math.PI) / 5;
      const rr = i % 2 ? r * 0.4 : r;
      ctx.lineTo(cx + Math.cos(a) * rr, cy + Math.sin(a) * rr);
    }
    ctx.closePath();
    ctx.fill();
  };
  star(ex, ey - mm(2.5), mm(3.2));
  for (let i = 0; i < 4; i++) star(ex - mm(5) + i * mm(3.3), ey + mm(3.5) - (i === 1 || i === 2 ? mm(1) : 0), mm(1.2));
  text(ctx, '中华人民共和国', X(30), Y(14), 52, INK, 8);
  text(ctx, '居民身份证', X(30), Y(27), 76, INK, 16);
  text(ctx, '签发机关', X(14), Y(42), 30, INK, 2);
  text(ctx, opts.authority, X(30), Y(42), 34, INK);
  text(ctx, '有效期限', X(14), Y(49), 30, INK, 2);
  const to = opts.validTo === '长期' ? '长期' : dotted(opts.validTo);
  text(ctx, `${dotted(opts.validFrom)}-${to}`, X(30), Y(49), 34, INK);
  ctx.restore();
  return encode(canvas, format);
}

/** A coloured bank card with the bank's name and an embossed-style number in groups of four. */
export async function makeBankCard(opts: BankCardOptions = SAMPLE_BANK, format: ImageFormat = 'jpeg'): Promise<Buffer> {
  const { canvas, ctx, cw, ch, x0, y0, rand } = photo([176, 166, 150], seedOf(JSON.stringify(opts)));
  cardFace(ctx, x0, y0, cw, ch, 'rgb(18,62,140)', 'rgb(30,120,170)', 'rgba(255,255,255,0.06)', rand);
  const X = (v: number) => x0 + mm(v);
  const Y = (v: number) => y0 + mm(v);
  text(ctx, opts.bankName, X(6), Y(10), 40, 'rgb(255,255,255)', 2);
  // chip
  ctx.fillStyle = 'rgb(214,182,98)';
  roundRect(ctx, X(8), Y(17), mm(11), mm(8.5), mm(1.2));
  ctx.fill();
  ctx.strokeStyle = 'rgb(150,120,50)';
  ctx.lineWidth = 2;
  ctx.strokeRect(X(11.5), Y(17), mm(4), mm(8.5));
  const groups = opts.number.replace(/\D/g, '').match(/.{1,4}/g) ?? [];
  const size = 56;
  ctx.font = `${size}px ${FONT}`;
  let x = X(6);
  const y = Y(35);
  for (const g of groups) {
    // embossed: dark shadow below-right, light edge above-left, silver face
    text(ctx, g, x + 3, y + 3, size, 'rgba(0,0,20,0.75)', 6);
    text(ctx, g, x - 1, y - 1, size, 'rgba(255,255,255,0.9)', 6);
    text(ctx, g, x, y, size, 'rgb(226,228,234)', 6);
    ctx.font = `${size}px ${FONT}`;
    x += ctx.measureText(g).width + 6 * g.length + mm(3.5);
  }
  if (opts.validThru) {
    text(ctx, 'VALID THRU', X(30), Y(42), 16, 'rgb(220,225,235)');
    text(ctx, opts.validThru, X(42), Y(42.5), 30, 'rgb(226,228,234)', 3);
  }
  if (opts.holder) text(ctx, opts.holder, X(6), Y(49), 32, 'rgb(226,228,234)', 3);
  // network mark
  ctx.fillStyle = 'rgb(220,30,40)';
  roundRect(ctx, X(66), Y(40), mm(14), mm(10), mm(1.5));
  ctx.fill();
  text(ctx, '银联', X(69.8), Y(47), 36, 'rgb(255,255,255)');
  ctx.restore();
  return encode(canvas, format);
}

// ---------------------------------------------------------------- variants

/**
 * A greyscale, slightly contrasty and soft copy: what a photocopy of the card looks like (JPEG). `warmLight`:
 * the copy photographed under warm indoor light (a yellowish cast over the grey).
 */
export async function makePhotocopy(image: Buffer, warmLight = false): Promise<Buffer> {
  const copy = sharp(image).grayscale().linear(1.08, -6).blur(0.4);
  if (!warmLight) return copy.jpeg({ quality: 85 }).toBuffer();
  const grey = await copy.toColourspace('srgb').png().toBuffer();
  return sharp(grey).removeAlpha().recomb([[1, 0, 0], [0, 0.93, 0], [0, 0, 0.8]]).jpeg({ quality: 85 }).toBuffer();
}

/** The same photo with a large blown-out reflection over the card (JPEG). */
export async function makeGlare(image: Buffer): Promise<Buffer> {
  const meta = await sharp(image).metadata();
  const w = meta.width!;
  const h = meta.height!;
  const cx = Math.round(w * 0.55);
  const cy = Math.round(h * 0.45);
  const rx = Math.round(w * 0.3);
  const ry = Math.round(h * 0.32);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
    <defs><radialGradient id="g" cx="50%" cy="50%" r="50%">
      <stop offset="0" stop-color="#fff" stop-opacity="1"/><stop offset="0.7" stop-color="#fff" stop-opacity="1"/>
      <stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>
    <ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="url(#g)"/></svg>`;
  return sharp(image).composite([{ input: Buffer.from(svg) }]).jpeg({ quality: 88 }).toBuffer();
}

/** The photo turned by `degrees` (clockwise), the corners filled with the table's colour (JPEG): a card photographed askew. */
export async function makeTilted(image: Buffer, degrees: number): Promise<Buffer> {
  // the table's colour: the mean of the photo's top-left corner (off the card)
  const corner = await sharp(image).extract({ left: 0, top: 0, width: 24, height: 24 }).removeAlpha().raw().toBuffer();
  const mean = (c: number) => Math.round(corner.filter((_, i) => i % 3 === c).reduce((a, v) => a + v, 0) / (corner.length / 3));
  const [r, g, b] = [mean(0), mean(1), mean(2)];
  return sharp(image).rotate(degrees, { background: { r, g, b } }).jpeg({ quality: 88 }).toBuffer();
}

/** A picture with no card on it: an evenly lit grey surface with faint noise (PNG). */
export async function makeBlank(width = 1200, height = 800): Promise<Buffer> {
  ensureFont();
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = 'rgb(128,126,122)';
  ctx.fillRect(0, 0, width, height);
  const rand = rng(7);
  for (let i = 0; i < 4000; i++) {
    const v = 110 + Math.floor(rand() * 36);
    ctx.fillStyle = `rgb(${v},${v - 2},${v - 4})`;
    ctx.fillRect(Math.floor(rand() * width), Math.floor(rand() * height), 2, 2);
  }
  return canvas.encode('png');
}

// ---------------------------------------------------------------- CLI

async function main(outDir: string): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  const front = await makeIdFront();
  const back = await makeIdBack();
  const files: [string, Buffer][] = [
    ['id-front.jpg', front],
    ['id-front.png', await makeIdFront(SAMPLE_FRONT, 'png')],
    ['id-back.jpg', back],
    ['id-back-expired.jpg', await makeIdBack({ ...SAMPLE_BACK, validFrom: '2005.03.01', validTo: '2015.03.01' })],
    ['id-back-long-term.jpg', await makeIdBack({ ...SAMPLE_BACK, validFrom: '2012.08.15', validTo: '长期' })],
    ['id-front-photocopy.jpg', await makePhotocopy(front)],
    ['id-front-glare.jpg', await makeGlare(front)],
    ['id-front-tilted.jpg', await makeTilted(front, 6)],
    ['bank-card.jpg', await makeBankCard()],
    ['hkid-front.jpg', await makeHkIdFront()],
    ['passport.jpg', await makePassportPage()],
    ['blank.png', await makeBlank()],
  ];
  for (const [name, bytes] of files) {
    writeFileSync(join(outDir, name), bytes);
    console.log(`${join(outDir, name)}  ${(bytes.length / 1024).toFixed(0)} KB`);
  }
}

const invoked = process.argv[1] ?? '';
if (/make-card-images\.[cm]?[tj]s$/.test(invoked)) {
  const out = process.argv[2];
  if (!out) {
    console.error('usage: npx tsx scripts/make-card-images.ts <out-dir>');
    process.exit(2);
  }
  main(resolve(out)).catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
