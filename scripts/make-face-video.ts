/**
 * Synthetic liveness videos from a face picture, for the face-check tests, the e2e fake camera and the bench: the
 * picture on a plain background, moving (a slow sway and nod, as a person holding a phone does) or still (a photo
 * held up), encoded by ffmpeg (the @ffmpeg-installer binary) as MP4 (H.264), WebM (VP8) or Y4M (Chromium's
 * --use-file-for-fake-video-capture). `dark` dims the picture to a badly lit room.
 *
 * Library: `makeFaceVideo(picture, {seconds, motion, format})`. CLI: `npx tsx scripts/make-face-video.ts <picture> <out> [seconds] [move|still]`.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';

const requireHere = createRequire(resolve('package.json'));

export interface FaceVideoOptions {
  seconds?: number;
  fps?: number;
  motion?: 'move' | 'still';
  format?: 'mp4' | 'webm' | 'y4m';
  width?: number;
  height?: number;
  /** the picture's brightness multiplier (1 = as it is; 0.15 = a dark room) */
  light?: number;
  /** the share of the frame's height the picture takes */
  scale?: number;
  /** 'lossless': H.264 without loss over a grainy background, for a big file (the service's 3 MB re-encoding) */
  quality?: 'normal' | 'lossless';
}

const FORMAT_ARGS: Record<NonNullable<FaceVideoOptions['format']>, string[]> = {
  mp4: ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '28', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-f', 'mp4'],
  webm: ['-c:v', 'libvpx', '-b:v', '800k', '-deadline', 'realtime', '-cpu-used', '8', '-pix_fmt', 'yuv420p', '-f', 'webm'],
  y4m: ['-pix_fmt', 'yuv420p', '-f', 'yuv4mpegpipe'],
};

export async function makeFaceVideo(picture: Buffer, opts: FaceVideoOptions = {}): Promise<Buffer> {
  const { seconds = 3, fps = 15, motion = 'move', format = 'mp4', width = 640, height = 480, light = 1, scale = 0.85, quality = 'normal' } = opts;
  const grain = quality === 'lossless';
  const faceH = Math.round(height * scale);
  const base = await sharp(picture)
    .resize({ height: faceH })
    .linear(light, 0)
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const frames = Math.round(seconds * fps);
  const ffmpeg = (requireHere('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  // to a file: an MP4's index is written at the end, which a pipe cannot take back
  const dir = mkdtempSync(join(tmpdir(), 'face-video-'));
  const file = join(dir, `video.${format}`);
  const child = spawn(
    ffmpeg,
    [
      ...['-hide_banner', '-v', 'error', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${width}x${height}`, '-r', String(fps), '-i', 'pipe:0', '-an'],
      ...(grain && format === 'mp4' ? ['-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '0', '-pix_fmt', 'yuv420p', '-f', 'mp4'] : FORMAT_ARGS[format]),
      ...['-y', file],
    ],
    { stdio: ['pipe', 'ignore', 'pipe'] },
  );
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const closed = new Promise<void>((ok, fail) => child.on('close', (code) => (code === 0 ? ok() : fail(new Error(`ffmpeg ${code}: ${err}`)))));
  child.stdin.on('error', () => undefined); // ffmpeg's own error is the one reported
  const write = (b: Buffer) => new Promise<void>((ok, fail) => void child.stdin.write(b, (e) => (e ? fail(new Error(`ffmpeg: ${err || e.message}`)) : ok())));
  for (let i = 0; i < frames; i++) {
    const t = i / fps;
    const dx = motion === 'move' ? Math.round(Math.sin(t * 2.2) * width * 0.07) : 0;
    const dy = motion === 'move' ? Math.round(Math.sin(t * 3.1) * height * 0.04) : 0;
    const left = Math.round((width - base.info.width) / 2) + dx;
    const top = Math.round((height - base.info.height) / 2) + dy;
    const background = grain
      ? sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128 * light, sigma: 40 } } })
      : sharp({ create: { width, height, channels: 3, background: { r: 120 * light, g: 128 * light, b: 136 * light } } });
    const frame = await background
      .composite([{ input: base.data, raw: { width: base.info.width, height: base.info.height, channels: 3 }, left, top }])
      .removeAlpha()
      .raw()
      .toBuffer();
    await write(frame);
  }
  child.stdin.end();
  try {
    await closed;
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(args: string[]): Promise<void> {
  const [picture, out, seconds = '3', motion = 'move'] = args;
  if (!picture || !out) {
    console.error('usage: npx tsx scripts/make-face-video.ts <picture> <out.mp4|out.webm|out.y4m> [seconds] [move|still]');
    process.exit(2);
  }
  const format = out.endsWith('.webm') ? 'webm' : out.endsWith('.y4m') ? 'y4m' : 'mp4';
  const video = await makeFaceVideo(readFileSync(resolve(picture)), { seconds: Number(seconds), motion: motion === 'still' ? 'still' : 'move', format });
  writeFileSync(resolve(out), video);
  console.log(`${out}: ${video.length} bytes`);
}

if (/make-face-video\.[cm]?[tj]s$/.test(process.argv[1] ?? '')) {
  main(process.argv.slice(2)).catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
