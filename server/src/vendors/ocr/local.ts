/**
 * Offline OCR with tesseract.js (WebAssembly, in worker threads) and the language data of the npm packages
 * @tesseract.js-data/chi_sim, @tesseract.js-data/chi_tra and @tesseract.js-data/eng (see DATA_VARIANT), read from node_modules:
 * langPath is a local folder and cacheMethod 'none', so nothing is fetched or written at run time.
 *
 * Three engines, each one worker created on first use and reused: chi_sim for the mainland ID card's Chinese text,
 * eng for digits (bank card numbers, a second reading of an ID number) and the Hong Kong identity card's Latin text,
 * chi_tra for the Hong Kong card's Chinese name (traditional characters). Jobs on an engine run one at a time;
 * a job that outlives the timeout ends its worker (a new one is made for the next job).
 *
 * ID card: a first pass reads the lower third (the back's 签发机关/有效期限 or the front's 公民身份号码) and so
 * tells the sides apart; the front then gets a full pass with the portrait area painted white (its edges
 * read as stray characters otherwise). The name is then read again from its own line (see readName).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { createWorker, OEM, PSM, type Worker, type WorkerParams } from 'tesseract.js';
import { todayInHongKong } from '@core/domain/identity';
import { projectRoot } from '../../config';
import { findBankNumber, findIdNumber, nameLineIndex, nameOf, parseBack, parseFront, sideOf } from './parse';
import { chineseNameOf, findBirth, findEnglishName, findHkIdNumber, isCodeLine, isHkIdFront } from './hk-parse';
import { isZoneFirstLine, mrzLinesOf, TD3_DIGIT_CELLS, TD3_LENGTH } from './mrz';
import { EMPTY_HKID_TEXT, EMPTY_ID_TEXT, type BankCardText, type HkIdText, type IdCardText, type OcrVendor, type PassportMrzText } from './types';

/**
 * The language data variant of each package. chi_sim: the standard tessdata model (4.0.0), which read every
 * name and birth date of 30 generated cards where the smaller best_int model missed 7 names (same speed once
 * loaded); eng (digits only): best_int, small and as good on card numbers.
 */
const DATA_VARIANT = { chi_sim: '4.0.0', chi_tra: '4.0.0', eng: '4.0.0_best_int' } as const;
type OcrLang = keyof typeof DATA_VARIANT;

/** The folder holding <lang>.traineddata.gz inside the installed @tesseract.js-data/<lang> package. */
export function languageDir(lang: OcrLang): string {
  const req = createRequire(join(projectRoot(), 'package.json'));
  // the names written out: the production install's test (scripts/server-build.test.ts) reads them here
  const packageJson =
    lang === 'chi_sim'
      ? req.resolve('@tesseract.js-data/chi_sim/package.json')
      : lang === 'chi_tra'
        ? req.resolve('@tesseract.js-data/chi_tra/package.json')
        : req.resolve('@tesseract.js-data/eng/package.json');
  const dir = join(dirname(packageJson), DATA_VARIANT[lang]);
  if (!existsSync(join(dir, `${lang}.traineddata.gz`))) {
    throw new Error(`OCR language data missing: ${dir}/${lang}.traineddata.gz (npm install @tesseract.js-data/${lang})`);
  }
  return dir;
}

/** Card regions as shares of the card (mainland ID card layout). */
interface Region {
  x: number;
  y: number;
  w: number;
  h: number;
}
const ID_LOWER = { x: 0, y: 0.64, w: 1, h: 0.36 };
const ID_PORTRAIT = { x: 0.635, y: 0.04, w: 0.365, h: 0.69 };
const ID_NUMBER = { x: 0.26, y: 0.78, w: 0.74, h: 0.22 };
/** the Hong Kong identity card's portrait (right of the text column), painted white before its text is read */
const HK_PORTRAIT = { x: 0.64, y: 0.2, w: 0.36, h: 0.62 };
/** the width cards are scaled to before OCR: the ID card's labels come out about 30 px high */
const OCR_WIDTH = 1024;
/** a passport's data page: its lower part, where the machine-readable zone is (ICAO 9303: the bottom 23 mm of 88) */
const MRZ_BAND = { x: 0, y: 0.55, w: 1, h: 0.45 };
/** the width a passport page is read at: the zone's 44 characters come out about 30 px wide */
const MRZ_WIDTH = 1400;
/** the zone's alphabet */
const MRZ_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';

/** One line of a recognition: its text, where it is (pixels of the image read) and its characters' confidences (0-100). */
interface ReadLine {
  text: string;
  bbox: { x0: number; y0: number; x1: number; y1: number };
  symbols: { text: string; confidence: number; bbox: { x0: number; y0: number; x1: number; y1: number } }[];
}

/** More jobs are waiting for an engine than it can finish before the screens give up. */
export class OcrBusyError extends Error {
  constructor(lang: string, waiting: number) {
    super(`OCR engine ${lang} busy: ${waiting} readings waiting`);
    this.name = 'OcrBusyError';
  }
}

/** How long a cut reading's call in flight may take before its worker is ended anyway. */
const CUT_GRACE_MS = 2000;

class TimeoutError extends Error {
  constructor(ms: number) {
    super(`OCR took longer than ${ms} ms`);
    this.name = 'TimeoutError';
  }
}

/** One tesseract worker for one language, made on first use; jobs run one after another. */
class Engine {
  private worker: Promise<Worker> | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private waiting = 0;

  constructor(
    private readonly lang: OcrLang,
    private readonly timeoutMs: number,
    private readonly maxWaiting: number,
  ) {}

  private start(): Promise<Worker> {
    if (!this.worker) {
      const made = createWorker(this.lang, OEM.LSTM_ONLY, { langPath: languageDir(this.lang), cacheMethod: 'none', gzip: true }).then(async (w) => {
        await w.setParameters({ user_defined_dpi: '300' });
        return w;
      });
      made.catch(() => {
        if (this.worker === made) this.worker = null;
      });
      this.worker = made;
    }
    return this.worker;
  }

  /** Runs `job` on the worker after the jobs before it; ends the worker if it takes longer than the timeout. */
  run<T>(job: (w: Worker) => Promise<T>): Promise<T> {
    // a reading takes about a second: a long queue would only end in the screens' 60 s timeout
    if (this.waiting >= this.maxWaiting) return Promise.reject(new OcrBusyError(this.lang, this.waiting));
    this.waiting += 1;
    const next = this.queue.then(async () => {
      const worker = await this.start();
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new TimeoutError(this.timeoutMs)), this.timeoutMs);
      });
      // once the reading is cut, the job may not call into the worker any more: tesseract.js posts to an ended
      // worker from an un-awaited async function, whose failure would be an unhandled rejection (a crash)
      let cut = false;
      const guarded = new Proxy(worker, {
        get: (target, prop, receiver) => {
          const value = Reflect.get(target, prop, receiver) as unknown;
          if (typeof value !== 'function') return value;
          return (...args: unknown[]) => (cut ? Promise.reject(new TimeoutError(this.timeoutMs)) : (value as (...a: unknown[]) => unknown).apply(target, args));
        },
      });
      const work = job(guarded);
      work.catch(() => undefined); // its late failure, after the cut, is nobody's
      try {
        return await Promise.race([work, timeout]);
      } catch (err) {
        if (err instanceof TimeoutError) {
          cut = true;
          // let the call in flight reach the worker before it ends (a hung reading is ended after a short wait)
          await Promise.race([work.then(() => undefined, () => undefined), new Promise((r) => setTimeout(r, CUT_GRACE_MS))]);
          await this.close();
        }
        throw err;
      } finally {
        clearTimeout(timer);
      }
    });
    void next.then(
      () => (this.waiting -= 1),
      () => (this.waiting -= 1),
    );
    this.queue = next.catch(() => undefined);
    return next;
  }

  async recognise(image: Buffer, params: Partial<WorkerParams>): Promise<string[]> {
    return this.run(async (w) => {
      await w.setParameters({ tessedit_char_whitelist: '', tessedit_pageseg_mode: PSM.SINGLE_BLOCK, ...params });
      const { data } = await w.recognize(image);
      return data.text.split('\n').filter((l) => l.trim() !== '');
    });
  }

  /** Each image read as one job, with the lines' boxes and character confidences. */
  async recogniseLines(images: Buffer[], params: Partial<WorkerParams>): Promise<ReadLine[][]> {
    return this.run(async (w) => {
      await w.setParameters({ tessedit_char_whitelist: '', tessedit_pageseg_mode: PSM.SINGLE_BLOCK, ...params });
      const pages: ReadLine[][] = [];
      for (const image of images) {
        const { data } = await w.recognize(image, {}, { text: true, blocks: true });
        const lines = (data.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines));
        pages.push(
          lines
            .filter((l) => l.text.trim() !== '')
            .map((l) => ({
              text: l.text.replace(/\n$/, ''),
              bbox: l.bbox,
              symbols: l.words.flatMap((wd) => wd.symbols.map((sym) => ({ text: sym.text, confidence: sym.confidence, bbox: sym.bbox }))),
            })),
        );
      }
      return pages;
    });
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (!w) return;
    const worker = await w.catch(() => null);
    await worker?.terminate().catch(() => undefined);
  }
}

/** Grey, contrast-stretched, `width` wide, then black-and-white at `threshold`; `blank` regions painted white. */
async function prepare(card: Buffer, opts: { region?: Region; blank?: Region[]; threshold?: number; negateIfDark?: boolean; width?: number }): Promise<Buffer> {
  const meta = await sharp(card).metadata();
  const W = meta.width!;
  const H = meta.height!;
  let img = sharp(card);
  if (opts.region) {
    const r = opts.region;
    img = img.extract({ left: Math.round(r.x * W), top: Math.round(r.y * H), width: Math.round(r.w * W), height: Math.round(r.h * H) });
  }
  const width = Math.round((opts.width ?? OCR_WIDTH) * (opts.region?.w ?? 1));
  const { data, info } = await img.resize({ width }).greyscale().normalise().raw().toBuffer({ resolveWithObject: true });
  if (opts.negateIfDark) {
    let sum = 0;
    for (let i = 0; i < data.length; i++) sum += data[i];
    if (sum / data.length < 128) for (let i = 0; i < data.length; i++) data[i] = 255 - data[i];
  }
  if (opts.threshold !== undefined) for (let i = 0; i < data.length; i++) data[i] = data[i] >= opts.threshold ? 255 : 0;
  for (const b of opts.blank ?? []) {
    const x0 = Math.round(b.x * info.width);
    const x1 = Math.round((b.x + b.w) * info.width);
    for (let y = Math.round(b.y * info.height); y < Math.min(info.height, Math.round((b.y + b.h) * info.height)); y++) {
      data.fill(255, y * info.width + x0, y * info.width + Math.min(info.width, x1));
    }
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 1 } }).png().toBuffer();
}

/** grey level separating ink from card on the stretched ID card image */
const ID_THRESHOLD = 150;
/**
 * The same for the Hong Kong card's Latin pass: lower, because the card's coloured guilloche comes out as dark as
 * 150 once a phone's JPEG has been through the browser's compression (read as stray letters: "CHAN, Tai Man A"),
 * while the card's black print stays far below it.
 */
const HK_THRESHOLD = 110;

/**
 * The heights (pixels) the name line is scaled to for its own readings. The chi_sim model reads best around
 * 36 px, but which exact scale reads a given name right varies from name to name and with JPEG artefacts
 * (the browser's compression to quality 0.7 turned 张伟明 into 张伟阮 in the full pass): five nearby scales,
 * and the reading tesseract is most confident about wins (measured on generated cards: see readName).
 */
const NAME_LINE_HEIGHTS = [34, 36, 38, 40, 42];

/** The name line of the card cut out around `box` (card pixels), `height` px high, black-and-white. */
async function nameLineImage(card: Buffer, size: { width: number; height: number }, box: ReadLine['bbox'], height: number): Promise<Buffer> {
  const h = box.y1 - box.y0;
  const pad = Math.round(h * 0.35);
  const left = Math.max(0, Math.round(box.x0) - pad);
  const top = Math.max(0, Math.round(box.y0) - pad);
  const width = Math.min(size.width, Math.round(box.x1) + pad) - left;
  const bottom = Math.min(size.height, Math.round(box.y1) + pad);
  const { data, info } = await sharp(card)
    .extract({ left, top, width, height: bottom - top })
    .resize({ width: Math.max(1, Math.round((width * height) / h)), kernel: 'lanczos3' })
    .greyscale()
    .normalise()
    .raw()
    .toBuffer({ resolveWithObject: true });
  for (let i = 0; i < data.length; i++) data[i] = data[i] >= ID_THRESHOLD ? 255 : 0;
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 1 } }).png().toBuffer();
}

/**
 * The smallest box around the ink (pixels darker than ID_THRESHOLD) inside `box` of the card; rows and columns with
 * fewer than 3 ink pixels (specks, the background's waves) do not count. null when there is none.
 */
async function inkBox(card: Buffer, box: ReadLine['bbox']): Promise<ReadLine['bbox'] | null> {
  const left = Math.round(box.x0);
  const top = Math.round(box.y0);
  const width = Math.round(box.x1) - left;
  const height = Math.round(box.y1) - top;
  if (width < 4 || height < 4) return null;
  const { data, info } = await sharp(card).extract({ left, top, width, height }).greyscale().normalise().raw().toBuffer({ resolveWithObject: true });
  const rows = new Array<number>(info.height).fill(0);
  const cols = new Array<number>(info.width).fill(0);
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      if (data[y * info.width + x] < ID_THRESHOLD) {
        rows[y]++;
        cols[x]++;
      }
    }
  }
  const first = (a: number[]) => a.findIndex((n) => n >= 3);
  const last = (a: number[]) => a.length - 1 - [...a].reverse().findIndex((n) => n >= 3);
  const y0 = first(rows);
  const x0 = first(cols);
  if (y0 < 0 || x0 < 0) return null;
  return { x0: left + x0, y0: top + y0, x1: left + last(cols) + 1, y1: top + last(rows) + 1 };
}

/** The name read from one single-line reading, with the mean confidence of its characters (0 when unread). */
export function nameReading(line: ReadLine | undefined): { name: string; confidence: number } {
  if (!line) return { name: '', confidence: 0 };
  const name = nameOf([line.text]);
  if (!name) return { name, confidence: 0 };
  // the name's own characters among the line's (the last run that spells it); failing that, the whole line's
  const chars = line.symbols.map((s) => s.text.replace(/•/g, '·'));
  const n = [...name].length;
  let own = line.symbols;
  for (let i = chars.length - n; i >= 0; i--) {
    if (chars.slice(i, i + n).join('') === name) {
      own = line.symbols.slice(i, i + n);
      break;
    }
  }
  const confidence = own.length ? own.reduce((sum, s) => sum + s.confidence, 0) / own.length : 0;
  return { name, confidence };
}

export interface LocalOcrOptions {
  /** per recognition; a slower one ends its worker and fails */
  timeoutMs?: number;
  /** readings that may wait for one engine (running one included); more fail at once with OcrBusyError */
  maxWaiting?: number;
}

export function createLocalOcr(opts: LocalOcrOptions = {}): OcrVendor {
  const timeoutMs = opts.timeoutMs ?? 45_000;
  const maxWaiting = opts.maxWaiting ?? 24;
  const chinese = new Engine('chi_sim', timeoutMs, maxWaiting);
  const digits = new Engine('eng', timeoutMs, maxWaiting);
  const traditional = new Engine('chi_tra', timeoutMs, maxWaiting);

  /**
   * The Hong Kong card's Chinese name, read by the traditional-Chinese engine from its own line: the line above the
   * Chinese commercial code's groups of four digits (found by the Latin pass), scaled to a few heights; the reading
   * with the most confident characters wins. '' when the card has no code line (a holder without a Chinese name).
   */
  async function readHkChineseName(card: Buffer, lines: ReadLine[]): Promise<string> {
    const code = lines.findIndex((l) => isCodeLine(l.text));
    if (code < 0) return '';
    const meta = await sharp(card).metadata();
    const size = { width: meta.width!, height: meta.height! };
    const f = size.width / OCR_WIDTH;
    // the band between the card's English title (or, unread, four code lines' height) and the code line, from the
    // code's left edge to the portrait: the name is the only ink in it
    const c = lines[code].bbox;
    const title = lines.slice(0, code).findLastIndex((l) => /HONG\s*KONG|IDENTITY|PERMANENT/i.test(l.text));
    const above = title >= 0 ? lines[title].bbox.y1 : Math.max(0, c.y0 - 4 * (c.y1 - c.y0));
    const band = { x0: Math.max(0, c.x0 * f - 4), y0: above * f + 2, x1: size.width * HK_PORTRAIT.x, y1: c.y0 * f - 2 };
    const box = await inkBox(card, band);
    if (!box || box.y1 - box.y0 < 8 || box.x1 - box.x0 < 8) return '';
    const images = await Promise.all(NAME_LINE_HEIGHTS.map((h) => nameLineImage(card, size, box, h)));
    const pages = await traditional.recogniseLines(images, { tessedit_pageseg_mode: PSM.SINGLE_LINE });
    let best = { name: '', confidence: -1 };
    for (const page of pages) {
      const line = page[0];
      const name = line ? chineseNameOf([line.text]) : '';
      if (!name) continue;
      const own = line.symbols.filter((sym) => /[\u3400-\u9fff]/.test(sym.text));
      const confidence = own.length ? own.reduce((sum, sym) => sum + sym.confidence, 0) / own.length : 0;
      if (confidence > best.confidence) best = { name, confidence };
    }
    return best.name;
  }

  /**
   * The zone's two lines put back on their fixed pitch (ICAO 9303 prints its 44 characters a cell each): each
   * character the full reading found goes to the cell under its centre. A cell it left empty (a character it dropped,
   * often in or beside a long run of fillers) and a cell of line 2 that holds only digits but read otherwise (the
   * zone's last check digit, beside the run, reads as H or P) are read again on their own, a digit cell with digits
   * only. The pitch is the median distance between neighbouring characters of the lines' first 20, where fillers are
   * few. null when it cannot be measured, or when too many cells were left empty for this to be the zone.
   */
  async function zoneByCells(image: Buffer, ...lines: [ReadLine, ReadLine]): Promise<[string, string] | null> {
    const centre = (s: ReadLine['symbols'][number]) => (s.bbox.x0 + s.bbox.x1) / 2;
    const gaps = lines.flatMap((l) => l.symbols.slice(0, 20).flatMap((s, i, a) => (i ? [centre(s) - centre(a[i - 1])] : [])));
    const sorted = gaps.filter((g) => g > 0).sort((a, b) => a - b);
    if (sorted.length < 10) return null;
    const pitch = sorted[Math.floor(sorted.length / 2)];
    const meta = await sharp(image).metadata();
    const out: string[] = [];
    for (const [row, line] of lines.entries()) {
      const origin = centre(line.symbols[0]);
      const cells: { text: string; confidence: number }[] = Array.from({ length: TD3_LENGTH }, () => ({ text: '', confidence: -1 }));
      for (const s of line.symbols) {
        const i = Math.round((centre(s) - origin) / pitch);
        if (i < 0 || i >= TD3_LENGTH || !s.text.trim()) continue;
        if (s.confidence > cells[i].confidence) cells[i] = { text: s.text.trim()[0], confidence: s.confidence };
      }
      if (cells.filter((c) => !c.text).length > 12) return null;
      const digitCell = (i: number) => row === 1 && TD3_DIGIT_CELLS.has(i);
      const again = cells.flatMap((c, i) => (!c.text || (digitCell(i) && !/[0-9]/.test(c.text)) ? [i] : []));
      const h = line.bbox.y1 - line.bbox.y0;
      // where a cell is in the image (a digit cell a little wider: the pitch measured on the first characters drifts
      // by a few pixels at the end); null for a cell outside it
      const cellBox = (i: number) => {
        const extra = digitCell(i) ? 0.3 : 0.1;
        const left = Math.max(0, Math.round(origin + (i - 0.5 - extra) * pitch));
        const top = Math.max(0, Math.round(line.bbox.y0 - h * 0.2));
        const width = Math.min(meta.width! - left, Math.round(pitch * (1 + 2 * extra)));
        const height = Math.min(meta.height! - top, Math.round(h * 1.4));
        return width < 4 || height < 4 ? null : { left, top, width, height };
      };
      for (const digitsOnly of [true, false]) {
        const which = again.filter((i) => digitCell(i) === digitsOnly && cellBox(i) !== null);
        if (!which.length) continue;
        // each cell with a white margin around the character, as tesseract reads best
        const images = await Promise.all(
          which.map((i) => sharp(image).extract(cellBox(i)!).extend({ top: 12, bottom: 12, left: 12, right: 12, background: '#ffffff' }).png().toBuffer()),
        );
        const pages = await digits.recogniseLines(images, { tessedit_char_whitelist: digitsOnly ? '0123456789' : MRZ_CHARS, tessedit_pageseg_mode: PSM.SINGLE_CHAR });
        which.forEach((i, n) => {
          const text = pages[n]?.[0]?.text.trim() ?? '';
          // nothing read in a cell: the zone's blank is the filler
          cells[i].text = text ? text[0] : digitsOnly ? cells[i].text : '<';
        });
      }
      out.push(cells.map((c) => c.text || '<').join(''));
    }
    return [out[0], out[1]];
  }

  /** The ID number read again from its own strip with the digit engine. */
  async function idNumberByDigits(card: Buffer, today: string): Promise<{ idNumber: string; valid: boolean }> {
    const image = await prepare(card, { region: ID_NUMBER, threshold: ID_THRESHOLD });
    const lines = await digits.recognise(image, { tessedit_char_whitelist: '0123456789X', tessedit_pageseg_mode: PSM.SINGLE_BLOCK });
    return findIdNumber(lines, today);
  }

  /**
   * The name read again from its own line (found by the full pass): scaled to each of NAME_LINE_HEIGHTS and
   * read as a single line; the reading whose name characters tesseract is most confident about wins. On 344
   * generated fronts (64 names; raw, browser-compressed at quality 0.6-0.8, cards 0.75-1.35x the usual
   * size) the full pass read 286 names right and this 335, for about 0.15 s more. '' when no reading gave
   * a name (a single-line reading still needs the 姓名 label, so a wrong line gives none).
   */
  async function readName(card: Buffer, full: ReadLine[]): Promise<string> {
    const texts = full.map((l) => l.text);
    // the 姓名 line; when the full pass garbled the label: a line with one of its characters, else the top line
    let index = nameLineIndex(texts);
    if (index < 0) index = texts.findIndex((t) => /[姓名]/.test(t));
    if (index < 0) index = 0;
    if (!full[index]) return '';
    const meta = await sharp(card).metadata();
    const size = { width: meta.width!, height: meta.height! };
    // the full pass read the card scaled to OCR_WIDTH
    const f = size.width / OCR_WIDTH;
    const b = full[index].bbox;
    const box = { x0: Math.max(0, b.x0 * f), y0: Math.max(0, b.y0 * f), x1: Math.min(size.width, b.x1 * f), y1: Math.min(size.height, b.y1 * f) };
    if (box.y1 - box.y0 < 4 || box.x1 - box.x0 < 4) return '';
    const images = await Promise.all(NAME_LINE_HEIGHTS.map((h) => nameLineImage(card, size, box, h)));
    const pages = await chinese.recogniseLines(images, { tessedit_pageseg_mode: PSM.SINGLE_LINE });
    let best = { name: '', confidence: -1 };
    for (const page of pages) {
      const reading = nameReading(page[0]);
      if (reading.name && reading.confidence > best.confidence) best = reading;
    }
    return best.name;
  }

  return {
    name: 'tesseract.js',

    async readIdCard(card: Buffer, ctx: { today?: string } = {}): Promise<IdCardText> {
      const today = ctx.today ?? todayInHongKong();
      const lower = await chinese.recognise(await prepare(card, { region: ID_LOWER, threshold: ID_THRESHOLD }), { tessedit_pageseg_mode: PSM.SINGLE_BLOCK });
      const lowerSide = sideOf(lower.join('\n'));
      if (lowerSide === 'back') return { ...EMPTY_ID_TEXT, side: 'back', ...parseBack(lower) };
      const [full] = await chinese.recogniseLines([await prepare(card, { threshold: ID_THRESHOLD, blank: [ID_PORTRAIT] })], {});
      const lines = full.map((l) => l.text);
      const side = lowerSide ?? sideOf(lines.join('\n'));
      if (side === 'back') return { ...EMPTY_ID_TEXT, side: 'back', ...parseBack(lines) };
      let number = findIdNumber([...lines, ...lower], today);
      if (!number.valid) {
        const again = await idNumberByDigits(card, today);
        if (again.valid || !number.idNumber) number = again;
      }
      if (side !== 'front' && !number.idNumber) return { ...EMPTY_ID_TEXT };
      const fields = parseFront(lines);
      const name = (await readName(card, full)) || fields.name;
      return { ...EMPTY_ID_TEXT, side: 'front', ...fields, name, idNumber: number.idNumber };
    },

    async readHkIdCard(card: Buffer): Promise<HkIdText> {
      // the Latin text (titles, English name, dates, number) with the portrait painted white
      const [lines] = await digits.recogniseLines([await prepare(card, { threshold: HK_THRESHOLD, blank: [HK_PORTRAIT] })], { tessedit_pageseg_mode: PSM.SINGLE_BLOCK });
      const texts = lines.map((l) => l.text);
      const idNumber = findHkIdNumber(texts);
      if (!idNumber && !isHkIdFront(texts)) return { ...EMPTY_HKID_TEXT };
      const name = findEnglishName(texts);
      const birth = findBirth(texts);
      const chineseName = await readHkChineseName(card, lines);
      return { isHkId: true, idNumber, surname: name?.surname ?? '', givenNames: name?.givenNames ?? '', chineseName, ...birth };
    },

    async readPassportMrz(page: Buffer): Promise<PassportMrzText> {
      // the page's lower part first (where the zone is on a data page cut out of the photo), then the whole picture
      // (a photo of the open booklet, or a page the service could not cut out)
      for (const region of [MRZ_BAND, undefined]) {
        const image = await prepare(page, { region, threshold: ID_THRESHOLD, width: MRZ_WIDTH });
        const [read] = await digits.recogniseLines([image], { tessedit_char_whitelist: MRZ_CHARS, tessedit_pageseg_mode: PSM.SINGLE_BLOCK });
        const first = read.findIndex((l) => isZoneFirstLine(l.text));
        if (first >= 0 && read[first + 1]) {
          const cells = await zoneByCells(image, read[first], read[first + 1]);
          const lines = cells ? mrzLinesOf(cells) : [];
          if (lines.length) return { lines };
        }
        // the text as read, when the characters' places gave no zone
        const lines = mrzLinesOf(read.map((l) => l.text));
        if (lines.length) return { lines };
      }
      return { lines: [] };
    },

    async readBankCard(card: Buffer): Promise<BankCardText> {
      const image = await prepare(card, { negateIfDark: true });
      // separators stay in the alphabet so that dates (2016.05.20, 09/31) do not read as runs of digits
      const lines = await digits.recognise(image, { tessedit_char_whitelist: '0123456789 ./-', tessedit_pageseg_mode: PSM.SPARSE_TEXT });
      return { acctNumber: findBankNumber(lines.join('\n')) };
    },

    async close(): Promise<void> {
      await Promise.all([chinese.close(), digits.close(), traditional.close()]);
    },
  };
}
