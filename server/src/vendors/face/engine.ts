/**
 * The local face check's engine: decodes a liveness video with ffmpeg (the system's, else the bundled one: ffmpeg.ts;
 * container and codecs limited, time and memory too), samples its frames, finds the face in each with Human (@vladmandic/human on TensorFlow.js'
 * WebAssembly backend; its models are read from node_modules, nothing is fetched), and decides: a live face for
 * at least 2 s, lit and large enough, moving or blinking, scored live by the liveness model, and the same person
 * as the face on the identity card's photo. Runs in a child process (face/local.ts), never on the request thread.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { projectRoot } from '../../config';
import { checkVideoLength, FACE_CHECK, videoContainerOf, type FaceReason } from '../../../../src/core/domain/face';
import { runFfmpeg, videoInput, type VideoContainer } from './ffmpeg';
import type { FaceScores } from './types';

const requireHere = createRequire(join(projectRoot(), 'package.json'));

/** The frames' size: the video is scaled into this square (letterboxed) for the detector. */
const FRAME = 480;

// ---------------------------------------------------------------- Human, loaded once per process

interface HumanFace {
  score: number;
  box: [number, number, number, number];
  embedding?: number[];
  live?: number;
  real?: number;
  rotation?: { angle: { roll: number; yaw: number; pitch: number } } | null;
}
interface HumanResult {
  face: HumanFace[];
  gesture: { gesture: string }[];
}
interface HumanTf {
  tensor3d(values: Uint8Array, shape: [number, number, number], dtype: 'int32'): unknown;
  dispose(t: unknown): void;
}
interface HumanLike {
  load(): Promise<void>;
  warmup(): Promise<unknown>;
  detect(input: unknown): Promise<HumanResult>;
  tf: HumanTf;
  match: { similarity(a: number[], b: number[]): number };
}

let humanReady: Promise<HumanLike> | null = null;

/** The folder of an installed package (its exports hide its dist and models): up from its main file to its package.json. */
function packageDir(name: string): string {
  let dir = dirname(requireHere.resolve(name));
  while (!existsSync(join(dir, 'package.json')) || (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string }).name !== name) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`package ${name} not found`);
    dir = up;
  }
  return dir;
}

function human(): Promise<HumanLike> {
  humanReady ??= (async () => {
    const root = packageDir('@vladmandic/human');
    const wasmDir = join(packageDir('@tensorflow/tfjs-backend-wasm'), 'dist') + '/';
    // Human loads its models with fetch(); file:// URLs are answered from the package's own models folder
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (url: string | URL | Request, init?: RequestInit) => {
      const u = typeof url === 'string' ? url : url instanceof URL ? url.href : url.url;
      if (u.startsWith('file://')) return new Response(await readFile(new URL(u)));
      return realFetch(url, init);
    }) as typeof fetch;
    const { Human } = requireHere(join(root, 'dist', 'human.node-wasm.js')) as { Human: new (config: unknown) => HumanLike };
    const h = new Human({
      backend: 'wasm',
      wasmPath: wasmDir,
      modelBasePath: `file://${join(root, 'models')}/`,
      debug: false,
      async: false,
      cacheSensitivity: 0,
      face: {
        enabled: true,
        detector: { rotation: false, maxDetected: 4, minConfidence: 0.4, return: false },
        mesh: { enabled: true },
        iris: { enabled: true },
        description: { enabled: true },
        emotion: { enabled: false },
        antispoof: { enabled: true },
        liveness: { enabled: true },
        attention: { enabled: false },
      },
      body: { enabled: false },
      hand: { enabled: false },
      object: { enabled: false },
      gesture: { enabled: true },
      segmentation: { enabled: false },
      filter: { enabled: false },
    });
    await h.load();
    await h.warmup().catch(() => undefined);
    return h;
  })();
  return humanReady;
}

/** Loads the face models now (a worker at start), so that the first applicant's check does not wait for them. */
export async function loadEngine(): Promise<void> {
  await human();
}

// ---------------------------------------------------------------- decoding

/** The video's frames at FACE_CHECK.sampleFps, each FRAME x FRAME RGB (letterboxed, black bars). */
async function framesOf(videoPath: string, container: VideoContainer): Promise<Buffer[]> {
  const size = FRAME * FRAME * 3;
  const raw = await runFfmpeg([
    ...videoInput(videoPath, container),
    '-an',
    '-map',
    '0:v:0',
    '-vf',
    `fps=${FACE_CHECK.sampleFps},scale=${FRAME}:${FRAME}:force_original_aspect_ratio=decrease,pad=${FRAME}:${FRAME}:(ow-iw)/2:(oh-ih)/2`,
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    'pipe:1',
  ]);
  const frames: Buffer[] = [];
  for (let at = 0; at + size <= raw.length; at += size) frames.push(raw.subarray(at, at + size));
  return frames;
}

// ---------------------------------------------------------------- per frame

interface FrameFace {
  index: number;
  faces: number;
  score: number;
  /** centre and size in pixels of the FRAME square */
  cx: number;
  cy: number;
  size: number;
  brightness: number;
  yaw: number;
  pitch: number;
  live: number;
  real: number;
  blink: boolean;
  embedding: number[];
}

/** Mean luma (0-255) of a box of an RGB frame. */
function brightnessOf(rgb: Buffer, width: number, box: [number, number, number, number]): number {
  const [x0, y0, w, h] = box.map((v) => Math.max(0, Math.round(v)));
  let sum = 0;
  let n = 0;
  const height = rgb.length / 3 / width;
  for (let y = y0; y < Math.min(height, y0 + h); y += 2) {
    for (let x = x0; x < Math.min(width, x0 + w); x += 2) {
      const i = (y * width + x) * 3;
      sum += 0.299 * rgb[i] + 0.587 * rgb[i + 1] + 0.114 * rgb[i + 2];
      n++;
    }
  }
  return n ? sum / n : 0;
}

async function detect(h: HumanLike, rgb: Buffer, width: number, height: number): Promise<HumanResult> {
  const tensor = h.tf.tensor3d(new Uint8Array(rgb.buffer, rgb.byteOffset, rgb.byteLength), [height, width, 3], 'int32');
  try {
    return await h.detect(tensor);
  } finally {
    h.tf.dispose(tensor);
  }
}

/** The embedding of the largest face of a picture (null without one), for measurements (scripts/face-accuracy.ts). */
export async function faceEmbedding(picture: Buffer): Promise<number[] | null> {
  const h = await human();
  const img = await sharp(picture).rotate().resize({ width: 1024, height: 1024, fit: 'inside', withoutEnlargement: true }).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  const f = largest((await detect(h, img.data, img.info.width, img.info.height)).face.filter((x) => x.score >= 0.5));
  return f?.embedding?.length ? f.embedding : null;
}

/** Human's likeness of two embeddings (0-1). */
export async function likeness(a: number[], b: number[]): Promise<number> {
  return (await human()).match.similarity(a, b);
}

const largest = (faces: HumanFace[]) => faces.reduce<HumanFace | null>((best, f) => (!best || f.box[2] * f.box[3] > best.box[2] * best.box[3] ? f : best), null);

// ---------------------------------------------------------------- the check

export interface EngineInput {
  video: Buffer;
  idPhoto: Buffer;
}

export type EngineResult =
  | { passed: true; frame: Buffer; scores: FaceScores }
  | { passed: false; reason: FaceReason; frame: Buffer | null; scores: FaceScores };

const median = (xs: number[]) => {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};
const round = (v: number, d = 3) => Math.round(v * 10 ** d) / 10 ** d;

/** The longest run of consecutive sampled frames with exactly one face, in frames. */
function longestRun(flags: boolean[]): number {
  let best = 0;
  let run = 0;
  for (const f of flags) {
    run = f ? run + 1 : 0;
    best = Math.max(best, run);
  }
  return best;
}

export async function checkFace(input: EngineInput): Promise<EngineResult> {
  const started = Date.now();
  const h = await human();
  const dir = await mkdtemp(join(tmpdir(), 'face-'));
  const scores: FaceScores = { frames: 0, seconds: 0, faceSeconds: 0, brightness: 0, faceShare: 0, move: 0, turn: 0, blink: false, live: 0, real: 0, similarity: 0, ms: 0 };
  const done = (r: EngineResult): EngineResult => {
    r.scores.ms = Date.now() - started;
    return r;
  };
  try {
    // only the containers the service takes (by their first bytes), decoded as that container
    const container = videoContainerOf(input.video.subarray(0, 16));
    if (!container) return done({ passed: false, reason: 'VIDEO_UNREADABLE', frame: null, scores });
    const videoPath = join(dir, `video.${container}`);
    await writeFile(videoPath, input.video);
    let frames: Buffer[];
    try {
      frames = await framesOf(videoPath, container);
    } catch {
      return done({ passed: false, reason: 'VIDEO_UNREADABLE', frame: null, scores });
    }
    scores.frames = frames.length;
    scores.seconds = round(frames.length / FACE_CHECK.sampleFps, 2);
    if (!frames.length) return done({ passed: false, reason: 'VIDEO_UNREADABLE', frame: null, scores });
    const length = checkVideoLength(scores.seconds);
    if (length) return done({ passed: false, reason: length === 'videoTooShort' ? 'VIDEO_TOO_SHORT' : 'VIDEO_TOO_LONG', frame: null, scores });

    const seen: FrameFace[] = [];
    const oneFace: boolean[] = [];
    let many = 0;
    let frameBrightness = 0;
    for (let i = 0; i < frames.length; i++) {
      const r = await detect(h, frames[i], FRAME, FRAME);
      frameBrightness += brightnessOf(frames[i], FRAME, [0, 0, FRAME, FRAME]) / frames.length;
      const faces = r.face.filter((f) => f.score >= 0.5);
      if (faces.length > 1) many++;
      oneFace.push(faces.length === 1);
      const f = largest(faces);
      if (!f) continue;
      const [x, y, w, hh] = f.box;
      seen.push({
        index: i,
        faces: faces.length,
        score: f.score,
        cx: x + w / 2,
        cy: y + hh / 2,
        size: Math.max(w, hh),
        brightness: brightnessOf(frames[i], FRAME, f.box),
        yaw: ((f.rotation?.angle.yaw ?? 0) * 180) / Math.PI,
        pitch: ((f.rotation?.angle.pitch ?? 0) * 180) / Math.PI,
        live: f.live ?? 0,
        real: f.real ?? 0,
        blink: r.gesture.some((g) => g.gesture.startsWith('blink')),
        embedding: f.embedding ?? [],
      });
    }

    scores.faceSeconds = round(longestRun(oneFace) / FACE_CHECK.sampleFps, 2);
    if (!seen.length) {
      scores.brightness = round(frameBrightness, 1);
      return done({ passed: false, reason: frameBrightness < FACE_CHECK.minBrightness ? 'LIGHT_TOO_DARK' : 'NO_FACE', frame: null, scores });
    }
    scores.brightness = round(median(seen.map((s) => s.brightness)), 1);
    scores.faceShare = round(median(seen.map((s) => s.size)) / FRAME);
    const sizes = median(seen.map((s) => s.size));
    scores.move = round(Math.max(...seen.map((s) => Math.hypot(s.cx - seen[0].cx, s.cy - seen[0].cy))) / Math.max(1, sizes));
    const yaws = seen.map((s) => s.yaw);
    const pitches = seen.map((s) => s.pitch);
    scores.turn = round(Math.max(Math.max(...yaws) - Math.min(...yaws), Math.max(...pitches) - Math.min(...pitches)), 1);
    scores.blink = seen.some((s) => s.blink);
    scores.live = round(median(seen.map((s) => s.live)));
    scores.real = round(median(seen.map((s) => s.real)));

    // the evidence: the frame with the largest, surest face, cut to head and shoulders
    const best = seen.reduce((a, b) => (b.score * b.size > a.score * a.size ? b : a));
    const side = Math.min(FRAME, Math.round(best.size * 2.2));
    const left = Math.max(0, Math.min(FRAME - side, Math.round(best.cx - side / 2)));
    const top = Math.max(0, Math.min(FRAME - side, Math.round(best.cy - side / 2)));
    const frame = await sharp(frames[best.index], { raw: { width: FRAME, height: FRAME, channels: 3 } })
      .extract({ left, top, width: side, height: side })
      .jpeg({ quality: 88 })
      .toBuffer();
    const refuse = (reason: FaceReason) => done({ passed: false, reason, frame, scores });

    if (many > frames.length / 3) return refuse('MULTIPLE_FACES');
    if (scores.brightness < FACE_CHECK.minBrightness) return refuse('LIGHT_TOO_DARK');
    if (scores.brightness > FACE_CHECK.maxBrightness) return refuse('LIGHT_TOO_BRIGHT');
    if (scores.faceShare < FACE_CHECK.minFaceShare) return refuse('FACE_TOO_SMALL');
    if (scores.faceSeconds < FACE_CHECK.minFaceSeconds) return refuse('FACE_TOO_SHORT');
    if (scores.move < FACE_CHECK.minMoveShare && scores.turn < FACE_CHECK.minTurnDegrees && !scores.blink) return refuse('NO_MOTION');
    if (scores.live < FACE_CHECK.minLive) return refuse('NOT_LIVE');

    // the identity card's photo: its largest face
    const id = await sharp(input.idPhoto).rotate().resize({ width: 1024, height: 1024, fit: 'inside', withoutEnlargement: true }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const idFace = largest((await detect(h, id.data, id.info.width, id.info.height)).face.filter((f) => f.score >= 0.5));
    if (!idFace?.embedding?.length) return refuse('ID_PHOTO_NO_FACE');
    // the best of the three surest frames (a blink or a turn lowers one frame's likeness)
    const candidates = [...seen].sort((a, b) => b.score * b.size - a.score * a.size).slice(0, 3);
    scores.similarity = round(Math.max(...candidates.map((c) => (c.embedding.length ? h.match.similarity(c.embedding, idFace.embedding!) : 0))));
    if (scores.similarity < FACE_CHECK.matchSimilarity) return refuse('FACE_MISMATCH');
    return done({ passed: true, frame, scores });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
