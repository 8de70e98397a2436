/**
 * Card photos before OCR: find the card (the region that differs from the surface it lies on), cut it out,
 * and measure two things the ID errors need — colour (a photocopy or a greyscale reproduction has almost
 * none) and blown-out white (glare). Everything here is sharp on raw pixels; no OCR.
 */
import sharp from 'sharp';

/** ISO/IEC 7810 ID-1: 85.6 x 54 mm */
export const CARD_ASPECT = 85.6 / 54;
/** accepted width/height of a found card (perspective and loose crops widen it) */
const ASPECT_RANGE = [1.3, 1.9] as const;
/** the working size of the detection pass (longest side) */
const DETECT_SIZE = 320;
/** colour distance (0-441) from the surface that counts as "not surface" */
const SURFACE_DISTANCE = 60;
/** the card must cover this share of the photo at least */
const MIN_AREA_SHARE = 0.12;
/** share of the card's bounding box its pixels must fill (a rectangle with rounded corners ≈ 0.97) */
const MIN_FILL = 0.75;

export interface CardBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface FoundCard {
  /** where the card is in the upright (EXIF-rotated, levelled) photo */
  box: CardBox;
  /** false when the photo has no distinct surface around a card-shaped picture and the whole photo is taken as the card */
  separated: boolean;
  /** the card cut out, JPEG */
  crop: Buffer;
}

export interface CardQuality {
  /** mean HSV saturation of the card's lit, not blown-out pixels (0-1) */
  saturation: number;
  /** share of the card's pixels that are blown out (every channel ≥ 248) */
  blownOut: number;
}

/** Thresholds of the ID checks (151203 photocopy, 151204 glare). */
export const QUALITY_LIMITS = { minSaturation: 0.04, maxBlownOut: 0.08 } as const;

/** The image (already upright) at most `size` on the longest side, as RGB bytes. */
async function smallRgb(image: Buffer, size: number) {
  const { data, info } = await sharp(image)
    .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

/**
 * The largest connected region of "not surface" pixels (4-neighbours) as a bounding box with its pixel count.
 * The surface colour is the median of the photo's outer ring.
 */
interface Region {
  box: CardBox;
  pixels: number;
  /** the long axis' tilt from horizontal, degrees (clockwise positive, as sharp's rotate counts) */
  angle: number;
  /** the surface colour (RGB) */
  surface: number[];
}

/** The tilt of a region's long axis from its second-order central moments. */
function tiltOf(queue: Int32Array, n: number, width: number): number {
  let sx = 0;
  let sy = 0;
  for (let k = 0; k < n; k++) {
    sx += queue[k] % width;
    sy += Math.floor(queue[k] / width);
  }
  const mx = sx / n;
  const my = sy / n;
  let mxx = 0;
  let myy = 0;
  let mxy = 0;
  for (let k = 0; k < n; k++) {
    const dx = (queue[k] % width) - mx;
    const dy = Math.floor(queue[k] / width) - my;
    mxx += dx * dx;
    myy += dy * dy;
    mxy += dx * dy;
  }
  return (0.5 * Math.atan2(2 * mxy, mxx - myy) * 180) / Math.PI;
}

function largestRegion(data: Buffer, width: number, height: number): Region | null {
  const ring: number[][] = [[], [], []];
  const push = (x: number, y: number) => {
    const i = (y * width + x) * 3;
    for (let c = 0; c < 3; c++) ring[c].push(data[i + c]);
  };
  for (let x = 0; x < width; x++) {
    push(x, 0);
    push(x, 1);
    push(x, height - 1);
    push(x, height - 2);
  }
  for (let y = 0; y < height; y++) {
    push(0, y);
    push(1, y);
    push(width - 1, y);
    push(width - 2, y);
  }
  const surface = ring.map(median);
  const mask = new Uint8Array(width * height);
  for (let p = 0; p < width * height; p++) {
    const i = p * 3;
    const d = Math.hypot(data[i] - surface[0], data[i + 1] - surface[1], data[i + 2] - surface[2]);
    mask[p] = d > SURFACE_DISTANCE ? 1 : 0;
  }
  const seen = new Uint8Array(width * height);
  const queue = new Int32Array(width * height);
  let best: Region | null = null;
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || seen[start]) continue;
    let head = 0;
    let tail = 0;
    queue[tail++] = start;
    seen[start] = 1;
    let minX = width;
    let minY = height;
    let maxX = 0;
    let maxY = 0;
    while (head < tail) {
      const p = queue[head++];
      const x = p % width;
      const y = (p - x) / width;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      const next = [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, y > 0 ? p - width : -1, y < height - 1 ? p + width : -1];
      for (const q of next) {
        if (q >= 0 && mask[q] && !seen[q]) {
          seen[q] = 1;
          queue[tail++] = q;
        }
      }
    }
    if (!best || tail > best.pixels) {
      best = { pixels: tail, box: { left: minX, top: minY, width: maxX - minX + 1, height: maxY - minY + 1 }, angle: tiltOf(queue, tail, width), surface };
    }
  }
  return best;
}

/** grey-level spread under which a region is an empty surface (a card has text and pictures) */
const MIN_GREY_STDEV = 10;

/** True when the box (in photo pixels) holds no picture: its grey levels hardly vary. */
function featureless(small: { data: Buffer; width: number; height: number }, box: CardBox, scale: number): boolean {
  const x0 = Math.floor(box.left / scale);
  const y0 = Math.floor(box.top / scale);
  const x1 = Math.min(small.width, Math.ceil((box.left + box.width) / scale));
  const y1 = Math.min(small.height, Math.ceil((box.top + box.height) / scale));
  let n = 0;
  let sum = 0;
  let sq = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * small.width + x) * 3;
      const grey = 0.299 * small.data[i] + 0.587 * small.data[i + 1] + 0.114 * small.data[i + 2];
      n += 1;
      sum += grey;
      sq += grey * grey;
    }
  }
  if (!n) return true;
  const mean = sum / n;
  return Math.sqrt(Math.max(0, sq / n - mean * mean)) < MIN_GREY_STDEV;
}

const cardShaped = (w: number, h: number) => w / h >= ASPECT_RANGE[0] && w / h <= ASPECT_RANGE[1];

/** tilts below this are left alone; above MAX_TILT the region is not taken for a lying card */
const MIN_TILT = 0.7;
const MAX_TILT = 25;

/**
 * Finds the card in a photo and cuts it out (JPEG, at most 1600 px wide). A card-shaped region clearly apart
 * from the surface around it is taken (a tilted card is first turned level); failing that, a card-shaped
 * photo is taken whole (the photo was already cropped to the card). null: no card (nothing card-shaped, too
 * small, empty, or the card stands on its side).
 */
/**
 * The photo upright (its EXIF orientation applied) and at most 2400 px (a card needs no more, and a 50-megapixel photo
 * would only cost time), without alpha; PNG (as findCard works on it) or JPEG (kept as a file); null when it does not
 * decode.
 */
export async function uprightPhoto(image: Buffer, format: 'png' | 'jpeg' = 'png'): Promise<Buffer | null> {
  try {
    const s = sharp(image, { failOn: 'error' }).autoOrient().resize({ width: 2400, height: 2400, fit: 'inside', withoutEnlargement: true }).removeAlpha();
    return await (format === 'png' ? s.png({ compressionLevel: 1 }) : s.jpeg({ quality: 90 })).toBuffer();
  } catch {
    return null;
  }
}

export async function findCard(image: Buffer): Promise<FoundCard | null> {
  const upright = await uprightPhoto(image);
  if (!upright) return null;
  const first = await locate(upright);
  if (first.region && Math.abs(first.region.angle) >= MIN_TILT && Math.abs(first.region.angle) <= MAX_TILT) {
    const [r, g, b] = first.region.surface;
    const level = await sharp(upright).rotate(-first.region.angle, { background: { r, g, b } }).png({ compressionLevel: 1 }).toBuffer();
    const again = await locate(level);
    if (again.card) return again.card;
  }
  return first.card;
}

/** One detection pass over an upright image: the card (or null) and the largest region seen. */
async function locate(upright: Buffer): Promise<{ card: FoundCard | null; region: Region | null }> {
  const meta = await sharp(upright).metadata();
  if (!meta.width || !meta.height) return { card: null, region: null };
  const small = await smallRgb(upright, DETECT_SIZE);
  const region = largestRegion(small.data, small.width, small.height);
  const scale = meta.width / small.width;
  let box: CardBox | null = null;
  let separated = false;
  if (region) {
    const { box: b, pixels } = region;
    const touchesAllEdges = b.left === 0 && b.top === 0 && b.left + b.width === small.width && b.top + b.height === small.height;
    const area = small.width * small.height;
    if (!touchesAllEdges && pixels >= MIN_AREA_SHARE * area && pixels >= MIN_FILL * b.width * b.height && cardShaped(b.width, b.height)) {
      // one detection pixel of margin inwards keeps the surface's edge out of the crop
      const inset = 1;
      box = {
        left: Math.round((b.left + inset) * scale),
        top: Math.round((b.top + inset) * scale),
        width: Math.round((b.width - 2 * inset) * scale),
        height: Math.round((b.height - 2 * inset) * scale),
      };
      box.width = Math.min(box.width, meta.width - box.left);
      box.height = Math.min(box.height, meta.height - box.top);
      separated = true;
    }
  }
  if (!box && cardShaped(meta.width, meta.height)) box = { left: 0, top: 0, width: meta.width, height: meta.height };
  if (!box || box.width < 200 || box.height < 120) return { card: null, region };
  if (featureless(small, box, scale)) return { card: null, region };
  const crop = await sharp(upright).extract(box).resize({ width: 1600, withoutEnlargement: true }).jpeg({ quality: 90 }).toBuffer();
  return { card: { box, separated, crop }, region };
}

/**
 * Colour and blown-out white of a card crop. The colour is measured after a grey-world white balance (each
 * channel scaled to the same mean), so that a greyscale copy photographed under warm or cold light does not
 * pass for colour: only colour that differs from place to place on the card counts.
 */
export async function cardQuality(crop: Buffer): Promise<CardQuality> {
  const { data, width, height } = await smallRgb(crop, 400);
  const n = width * height;
  const sums = [0, 0, 0];
  for (let p = 0; p < n; p++) for (let c = 0; c < 3; c++) sums[c] += data[p * 3 + c];
  const grey = (sums[0] + sums[1] + sums[2]) / 3;
  const gain = sums.map((s) => (s > 0 ? grey / s : 1));
  let blown = 0;
  let lit = 0;
  let satSum = 0;
  for (let p = 0; p < n; p++) {
    const i = p * 3;
    if (Math.min(data[i], data[i + 1], data[i + 2]) >= 248) {
      blown += 1;
      continue;
    }
    const r = data[i] * gain[0];
    const g = data[i + 1] * gain[1];
    const b = data[i + 2] * gain[2];
    const max = Math.max(r, g, b);
    const min = Math.min(r, g, b);
    if (max < 60) continue; // too dark to have a meaningful hue
    lit += 1;
    satSum += (max - min) / max;
  }
  return { saturation: lit ? satSum / lit : 0, blownOut: blown / n };
}

/** What is wrong with a photo in which no card could be read, when it is the photo itself (else null). */
export type PhotoProblem = 'unreadable' | 'blank' | 'blurry';

/** Below these, a photo is blank (almost one shade) or too blurred to read (variance of the Laplacian at 800 px). */
export const PHOTO_LIMITS = { minGreyStd: 8, minSharpness: 30 } as const;

/**
 * Why a photo gave no card: it does not decode, it is (nearly) one shade, or it is blurred (the Laplacian's variance
 * over the greyscale image at 800 px: a sharp card photo is in the hundreds or more, one blurred past reading under
 * 30); null when the photo looks fine (then the card was not in view, or not the right card).
 */
export async function photoProblem(image: Buffer): Promise<PhotoProblem | null> {
  let grey: { data: Buffer; info: { width: number; height: number } };
  try {
    grey = await sharp(image, { failOn: 'error' }).autoOrient().greyscale().resize(800, 800, { fit: 'inside', withoutEnlargement: true }).raw().toBuffer({ resolveWithObject: true });
  } catch {
    return 'unreadable';
  }
  const { data, info } = grey;
  const w = info.width;
  let sum = 0;
  let sum2 = 0;
  let lap = 0;
  let lap2 = 0;
  let n = 0;
  for (let y = 1; y < info.height - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const v = data[i];
      const l = data[i - 1] + data[i + 1] + data[i - w] + data[i + w] - 4 * v;
      sum += v;
      sum2 += v * v;
      lap += l;
      lap2 += l * l;
      n++;
    }
  }
  if (!n) return 'unreadable';
  const std = Math.sqrt(Math.max(0, sum2 / n - (sum / n) ** 2));
  if (std < PHOTO_LIMITS.minGreyStd) return 'blank';
  if (lap2 / n - (lap / n) ** 2 < PHOTO_LIMITS.minSharpness) return 'blurry';
  return null;
}
