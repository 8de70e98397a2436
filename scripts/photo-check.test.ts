/**
 * The phone's photo check (src/core/photo-check/analyse.ts, issue 41) on synthetic card photos: every good form of a
 * photo passes, every bad one is caught with the problem it has. The whole table and the timings:
 * `npx tsx scripts/photo-check-measure.ts`.
 */
import { analysePhoto } from '../src/core/photo-check/analyse';
import { makeHkIdFront, makeIdBack, makePassportPage, makeBankCard } from './make-card-images';
import { pixelsOf, VARIANTS } from './photo-check-measure';

jest.setTimeout(60_000);

const CARDS: Array<[string, () => Promise<Buffer>]> = [
  ['the HKID front', () => makeHkIdFront()],
  ['the ID card back', () => makeIdBack()],
  ['a bank card (dark)', () => makeBankCard()],
  ['a passport page', () => makePassportPage()],
];

describe.each(CARDS)('%s', (_, make) => {
  let card: Buffer;
  beforeAll(async () => {
    card = await make();
  });
  test.each(VARIANTS.map((v) => [v.name, v] as const))('%s', async (_name, v) => {
    const { problems } = analysePhoto(await pixelsOf(await v.make(card)));
    if (v.good) expect(problems).toEqual([]);
    else expect(problems[0]).toBe(v.problem);
  });
});

test('a picture far smaller than a photo (an icon) is not judged', () => {
  expect(analysePhoto({ data: new Uint8Array(4 * 16 * 16), width: 16, height: 16 }).problems).toEqual([]);
});

test('a photo that is the card alone (no surface around it) is not called cut off or small', () => {
  // a pale card with dark print filling the whole frame
  const width = 320;
  const height = 200;
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const ink = y % 20 < 3 && x > 20 && x < 300;
      data.set(ink ? [30, 30, 30, 255] : [220, 228, 236, 255], i);
    }
  }
  const r = analysePhoto({ data, width, height });
  expect(r.metrics.separated).toBe(false);
  expect(r.problems).toEqual([]);
});
