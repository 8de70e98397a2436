/**
 * How well the phone's photo check (src/core/photo-check/analyse.ts, issue 41) tells bad card photos from good ones,
 * on the synthetic cards of scripts/make-card-images.ts: each card as a good photo in several honest forms (as
 * taken, compressed as the page uploads it, tilted, smaller, dimmer, slightly soft, cropped close, from further
 * away) and as bad ones (blurred, glare, dark, cut off by the frame on a side or at the top, far too small).
 * Prints the catch rate of the bad ones, the share of good ones wrongly refused, per variant, and the time of the
 * analysis per photo here (Node, this machine). `npx tsx scripts/photo-check-measure.ts [--verbose]`
 */
import sharp from 'sharp';
import { analysePhoto, workSize } from '../src/core/photo-check/analyse';
import { PHONE_PHOTO_LIMITS } from '../src/core/domain/photo-quality';
import { makeBankCard, makeGlare, makeHkIdFront, makeIdBack, makeIdFront, makePassportPage, makeTilted, SAMPLE_FRONT, SAMPLE_HK_FRONT, SAMPLE_PASSPORT } from './make-card-images';

export type Variant = { name: string; good: boolean; make: (photo: Buffer) => Promise<Buffer>; problem?: string };

const meta = async (b: Buffer) => {
  const m = await sharp(b).metadata();
  return { width: m.width!, height: m.height! };
};
/** the table's colour at the photo's corner, for widening the photo around the card */
const tableColour = async (b: Buffer) => {
  const { data } = await sharp(b).extract({ left: 2, top: 2, width: 8, height: 8 }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { r: data[0], g: data[1], b: data[2] };
};
const jpeg = (s: ReturnType<typeof sharp>) => s.jpeg({ quality: 85 }).toBuffer();

export const VARIANTS: Variant[] = [
  { name: 'as taken', good: true, make: async (p) => p },
  { name: 'compressed as uploaded', good: true, make: (p) => sharp(p).resize({ width: 1920, height: 1080, fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 70, chromaSubsampling: '4:2:0' }).toBuffer() },
  { name: 'tilted 5°', good: true, make: (p) => makeTilted(p, 5) },
  { name: 'smaller photo (0.5x)', good: true, make: async (p) => jpeg(sharp(p).resize({ width: Math.round((await meta(p)).width * 0.5) })) },
  { name: 'dimmer light (0.7x)', good: true, make: (p) => jpeg(sharp(p).linear(0.7, 0)) },
  { name: 'slightly soft (blur 0.8)', good: true, make: (p) => jpeg(sharp(p).blur(0.8)) },
  { name: 'cropped close to the card', good: true, make: async (p) => { const m = await meta(p); return jpeg(sharp(p).extract({ left: 95, top: 85, width: m.width - 190, height: m.height - 170 })); } },
  { name: 'from further away (card ~30%)', good: true, make: async (p) => { const m = await meta(p); const bg = await tableColour(p); return jpeg(sharp(p).extend({ left: Math.round(m.width * 0.35), right: Math.round(m.width * 0.35), top: Math.round(m.height * 0.35), bottom: Math.round(m.height * 0.35), background: bg })); } },
  { name: 'blurred (3)', good: false, problem: 'blurry', make: (p) => jpeg(sharp(p).blur(3)) },
  { name: 'blurred (6)', good: false, problem: 'blurry', make: (p) => jpeg(sharp(p).blur(6)) },
  { name: 'glare', good: false, problem: 'glare', make: (p) => makeGlare(p) },
  { name: 'dark (0.25x)', good: false, problem: 'dark', make: (p) => jpeg(sharp(p).linear(0.25, 0)) },
  { name: 'cut off on the right', good: false, problem: 'cut', make: async (p) => { const m = await meta(p); return jpeg(sharp(p).extract({ left: 0, top: 0, width: Math.round(m.width * 0.72), height: m.height })); } },
  { name: 'cut off at the top', good: false, problem: 'cut', make: async (p) => { const m = await meta(p); return jpeg(sharp(p).extract({ left: 0, top: Math.round(m.height * 0.3), width: m.width, height: Math.round(m.height * 0.7) })); } },
  { name: 'far too small (card ~6%)', good: false, problem: 'small', make: async (p) => { const m = await meta(p); const bg = await tableColour(p); return jpeg(sharp(p).extend({ left: m.width, right: m.width, top: m.height, bottom: m.height, background: bg })); } },
];

export async function cards(): Promise<[string, Buffer][]> {
  return [
    ['ID front', await makeIdFront(SAMPLE_FRONT)],
    ['ID front 2', await makeIdFront({ ...SAMPLE_FRONT, name: '李秀英', gender: '女', idNumber: '320102198506154867', birthday: '1985-06-15' })],
    ['ID back', await makeIdBack()],
    ['HKID front', await makeHkIdFront(SAMPLE_HK_FRONT)],
    ['HKID front 2', await makeHkIdFront({ ...SAMPLE_HK_FRONT, chineseName: '', ccc: undefined, englishName: 'SMITH, John', idNumber: 'C6688991' })],
    ['bank card', await makeBankCard()],
    ['passport', await makePassportPage(SAMPLE_PASSPORT)],
    ['passport 2', await makePassportPage({ ...SAMPLE_PASSPORT, issuingState: 'HKG', nationality: 'CHN', surname: 'WONG', givenNames: 'MEI LING' })],
  ];
}

/** A photo as the worker sees it: decoded, at the work size, RGBA. */
export async function pixelsOf(photo: Buffer) {
  const m = await meta(photo);
  const size = workSize(m.width, m.height);
  const { data, info } = await sharp(photo).resize(size.width, size.height).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

async function main() {
  const verbose = process.argv.includes('--verbose');
  const rows: { variant: string; good: boolean; flagged: number; total: number; wrong: string[] }[] = [];
  const times: number[] = [];
  const all = await cards();
  for (const v of VARIANTS) {
    const row = { variant: v.name, good: v.good, flagged: 0, total: 0, wrong: [] as string[] };
    for (const [name, card] of all) {
      const photo = await v.make(card);
      const px = await pixelsOf(photo);
      const t0 = performance.now();
      const r = analysePhoto(px);
      times.push(performance.now() - t0);
      row.total++;
      if (r.problems.length) row.flagged++;
      const wrong = v.good ? r.problems.length > 0 : r.problems.length === 0;
      if (wrong) row.wrong.push(`${name} ${JSON.stringify(r.problems)} ${JSON.stringify(Object.fromEntries(Object.entries(r.metrics).map(([k, x]) => [k, typeof x === 'number' ? Math.round(x * 1000) / 1000 : x])))}`);
      if (verbose) console.log(v.name, '|', name, '|', r.problems.join(',') || 'ok', JSON.stringify(r.metrics));
    }
    rows.push(row);
  }
  const bad = rows.filter((r) => !r.good);
  const good = rows.filter((r) => r.good);
  const caught = bad.reduce((s, r) => s + r.flagged, 0);
  const badTotal = bad.reduce((s, r) => s + r.total, 0);
  const refused = good.reduce((s, r) => s + r.flagged, 0);
  const goodTotal = good.reduce((s, r) => s + r.total, 0);
  console.log('| variant | kind | flagged |');
  console.log('|---|---|---|');
  for (const r of rows) console.log(`| ${r.variant} | ${r.good ? 'good' : 'bad'} | ${r.flagged}/${r.total} |`);
  console.log(`\nbad photos caught: ${caught}/${badTotal} (${((100 * caught) / badTotal).toFixed(1)}%)`);
  console.log(`good photos refused: ${refused}/${goodTotal} (${((100 * refused) / goodTotal).toFixed(1)}%)`);
  times.sort((a, b) => a - b);
  console.log(`analysis per photo (Node, this machine, at ${PHONE_PHOTO_LIMITS.workSize} px, decoding not counted): median ${times[Math.floor(times.length / 2)].toFixed(1)} ms, max ${times[times.length - 1].toFixed(1)} ms`);
  for (const r of rows) for (const w of r.wrong) console.log(`  ${r.good ? 'refused' : 'missed'}: ${r.variant}: ${w}`);
}

if (/photo-check-measure\.[cm]?[tj]s$/.test(process.argv[1] ?? '')) {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
