/**
 * The local face check's matching, measured on the shipped public-domain faces (server/test/fixtures/faces): each
 * face printed on a generated ID card is compared with a changed picture of the same face (another crop and size,
 * dimmer, softer, mirrored, a low-quality JPEG: a phone frame) and with every other face. Prints the likeness of
 * genuine and impostor pairs and the errors at the threshold FACE_CHECK.matchSimilarity.
 * Usage: npx tsx scripts/face-accuracy.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { FACE_CHECK } from '../src/core/domain/face';
import { faceEmbedding, likeness } from '../server/src/vendors/face/engine';
import { makeIdFront, SAMPLE_FRONT } from './make-card-images';

const dir = resolve('server/test/fixtures/faces');
const names = readdirSync(dir).filter((f) => f.endsWith('.jpg')).sort();

/** A phone frame of the face: cut tighter, scaled, dimmed, blurred a little, mirrored, JPEG at 60. */
async function probeOf(picture: Buffer): Promise<Buffer> {
  const meta = await sharp(picture).metadata();
  const w = meta.width!;
  const h = meta.height!;
  return sharp(picture)
    .extract({ left: Math.round(w * 0.06), top: Math.round(h * 0.04), width: Math.round(w * 0.88), height: Math.round(h * 0.9) })
    .resize({ width: Math.round(w * 1.6) })
    .flop()
    .modulate({ brightness: 0.85 })
    .blur(0.8)
    .jpeg({ quality: 60 })
    .toBuffer();
}

const t0 = Date.now();
const cards: (number[] | null)[] = [];
const probes: (number[] | null)[] = [];
for (const n of names) {
  const face = readFileSync(join(dir, n));
  cards.push(await faceEmbedding(await makeIdFront({ ...SAMPLE_FRONT, portrait: face })));
  probes.push(await faceEmbedding(await probeOf(face)));
}
const missing = names.filter((_, i) => !cards[i] || !probes[i]);
const genuine: number[] = [];
const impostor: number[] = [];
for (let i = 0; i < names.length; i++) {
  for (let j = 0; j < names.length; j++) {
    if (!cards[i] || !probes[j]) continue;
    (i === j ? genuine : impostor).push(await likeness(probes[j]!, cards[i]!));
  }
}
const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? NaN;
const f = (v: number) => v.toFixed(3);
const th = FACE_CHECK.matchSimilarity;
console.log(`faces: ${names.length}; no face found on the card or the probe: ${missing.length ? missing.join(', ') : 'none'}`);
console.log(`genuine pairs  ${genuine.length}: min ${f(Math.min(...genuine))}, median ${f(q(genuine, 0.5))}`);
console.log(`impostor pairs ${impostor.length}: median ${f(q(impostor, 0.5))}, 99th ${f(q(impostor, 0.99))}, max ${f(Math.max(...impostor))}`);
console.log(
  `at ${th}: false rejections ${genuine.filter((v) => v < th).length}/${genuine.length}, false acceptances ${impostor.filter((v) => v >= th).length}/${impostor.length}; ${Date.now() - t0} ms`,
);
process.exit(0);
