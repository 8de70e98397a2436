/**
 * A card photo checked before upload (issue 41): too dark, blurred, glare, the card cut off by the frame, or too
 * small in it. Pure arithmetic on RGBA pixels at PHONE_PHOTO_LIMITS.workSize, so that it runs in a worker (the
 * browser) and in Node (the measurement script, the tests) alike.
 *
 * The card is told from the surface it lies on: the surface's colour is the median of the photo's outer ring, and a
 * pixel that differs from it by more than surfaceDistance is card. A photo whose ring is mostly card (the photo
 * taken or cropped close to the card) is taken as all card: then the cut and size checks do not apply.
 */
import { PHONE_PHOTO_LIMITS as L, type PhonePhotoProblem } from '../domain/photo-quality';

export interface Pixels {
  /** RGBA, 4 bytes a pixel */
  data: Uint8ClampedArray | Uint8Array;
  width: number;
  height: number;
}

export interface PhotoCheck {
  /** what is wrong, most telling first; [] for a good photo */
  problems: PhonePhotoProblem[];
  /** brightness: the 95th percentile of the card's grey (0-255); sharpness: the Laplacian's variance over the card */
  metrics: { brightness: number; sharpness: number; glare: number; edgeCover: number; cardShare: number; separated: boolean };
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : 0;
};

export function analysePhoto(p: Pixels): PhotoCheck {
  const { data, width: w, height: h } = p;
  if (Math.min(w, h) < L.minSide) return { problems: [], metrics: { brightness: 0, sharpness: 0, glare: 0, edgeCover: 0, cardShare: 0, separated: false } };
  const n = w * h;
  // the surface: the median colour of the outer ring (3% of each side, at least 2 pixels)
  const ring = Math.max(2, Math.round(Math.min(w, h) * 0.03));
  const rs: number[] = [];
  const gs: number[] = [];
  const bs: number[] = [];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (x >= ring && x < w - ring && y >= ring && y < h - ring) continue;
      const i = (y * w + x) * 4;
      rs.push(data[i]);
      gs.push(data[i + 1]);
      bs.push(data[i + 2]);
    }
  }
  const surface = [median(rs), median(gs), median(bs)];
  const card = new Uint8Array(n);
  for (let k = 0; k < n; k++) {
    const i = k * 4;
    const d = Math.hypot(data[i] - surface[0], data[i + 1] - surface[1], data[i + 2] - surface[2]);
    card[k] = d > L.surfaceDistance ? 1 : 0;
  }
  // the card's box from rows and columns that are at least a fifth card (specks and the surface's grain left out)
  const boxOf = () => {
    const rows = new Array<number>(h).fill(0);
    const cols = new Array<number>(w).fill(0);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        if (!card[y * w + x]) continue;
        rows[y]++;
        cols[x]++;
      }
    }
    const rowsIn = rows.map((c) => c >= w * 0.2);
    const colsIn = cols.map((c) => c >= h * 0.2);
    return { y0: rowsIn.indexOf(true), y1: rowsIn.lastIndexOf(true), x0: colsIn.indexOf(true), x1: colsIn.lastIndexOf(true) };
  };
  let box = boxOf();
  const area = (b: typeof box) => (b.y0 >= 0 && b.x0 >= 0 ? (b.y1 - b.y0 + 1) * (b.x1 - b.x0 + 1) : 0);
  let inBox = 0;
  for (let y = Math.max(0, box.y0); y <= box.y1; y++) for (let x = Math.max(0, box.x0); x <= box.x1; x++) inBox += card[y * w + x];
  // a card lying on a surface is a solid patch; a photo of the card alone differs from its ring only in the print
  // (a sparse patch), and is taken as all card
  const separated = area(box) > 0 && inBox >= area(box) * 0.7 && inBox < n * 0.97;
  if (!separated) {
    card.fill(1);
    box = { y0: 0, y1: h - 1, x0: 0, x1: w - 1 };
  }
  const { y0, y1, x0, x1 } = box;
  const boxed = y0 >= 0 && x0 >= 0;
  const cardShare = area(box) / n;

  // how much of each photo edge the card covers (a card running off the frame covers a long stretch of it)
  const edge = (cells: number[]) => cells.filter(Boolean).length / cells.length;
  const edgeCover = separated
    ? Math.max(
        edge(Array.from({ length: w }, (_, x) => card[x])),
        edge(Array.from({ length: w }, (_, x) => card[(h - 1) * w + x])),
        edge(Array.from({ length: h }, (_, y) => card[y * w])),
        edge(Array.from({ length: h }, (_, y) => card[y * w + w - 1])),
      )
    : 0;

  // brightness, glare and sharpness over the card's box (inset by 2 pixels: its edge against the surface is no detail)
  const hist = new Array<number>(256).fill(0);
  let blown = 0;
  let count = 0;
  let lap = 0;
  let lap2 = 0;
  let lapN = 0;
  const grey = (x: number, y: number) => {
    const i = (y * w + x) * 4;
    return 0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2];
  };
  const bx0 = boxed ? Math.max(1, x0 + 2) : 1;
  const bx1 = boxed ? Math.min(w - 2, x1 - 2) : w - 2;
  const by0 = boxed ? Math.max(1, y0 + 2) : 1;
  const by1 = boxed ? Math.min(h - 2, y1 - 2) : h - 2;
  for (let y = by0; y <= by1; y++) {
    for (let x = bx0; x <= bx1; x++) {
      const i = (y * w + x) * 4;
      const g = grey(x, y);
      hist[Math.min(255, Math.round(g))]++;
      count++;
      if (data[i] >= 250 && data[i + 1] >= 250 && data[i + 2] >= 250) blown++;
      const l = grey(x - 1, y) + grey(x + 1, y) + grey(x, y - 1) + grey(x, y + 1) - 4 * g;
      lap += l;
      lap2 += l * l;
      lapN++;
    }
  }
  // the brightness of the card's light parts (its 95th percentile): a dark card in good light still has light print
  let seen = 0;
  let brightness = 0;
  for (let v = 255; v >= 0; v--) {
    seen += hist[v];
    if (seen >= count * 0.05) {
      brightness = v;
      break;
    }
  }
  const glare = count ? blown / count : 0;
  const sharpness = lapN ? lap2 / lapN - (lap / lapN) ** 2 : 0;

  const problems: PhonePhotoProblem[] = [];
  if (brightness < L.minCardBrightness) problems.push('dark');
  else if (sharpness < L.minSharpness) problems.push('blurry');
  if (glare > L.maxGlare) problems.push('glare');
  if (separated && edgeCover > L.maxEdgeCover) problems.push('cut');
  else if (separated && cardShare < L.minCardShare) problems.push('small');
  return { problems, metrics: { brightness, sharpness, glare, edgeCover, cardShare, separated } };
}

/** The size a photo is analysed at: its longest side at workSize (never enlarged). */
export function workSize(width: number, height: number): { width: number; height: number } {
  const s = Math.min(1, L.workSize / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * s)), height: Math.max(1, Math.round(height * s)) };
}
