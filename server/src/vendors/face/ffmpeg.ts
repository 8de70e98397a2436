/**
 * The ffmpeg that decodes applicants' videos (the video's length and re-encoding in modules/face, the frames of the
 * local face check): the system's ffmpeg in preference (FFMPEG_PATH, else `ffmpeg` found on PATH: Debian's, kept
 * current by the distribution), and only when there is none the static build of @ffmpeg-installer/ffmpeg (2018) that
 * npm installs with the project, so the embedded default still works on a bare machine.
 *
 * Every run of an uploaded file is fenced: the container forced to the one its first bytes name (no probing into
 * other demuxers), decoders limited to the allowed video codecs of that container (codec_whitelist: a video of
 * another codec, or none, fails), files and pipes only (protocol_whitelist), the wall time limited (the process is
 * killed) and the address space limited (prlimit, or the shell's ulimit where prlimit is missing).
 */
import { execFileSync, spawn } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, isAbsolute, join, resolve } from 'node:path';
import { projectRoot } from '../../config';

/** The containers a liveness video may come in (videoContainerOf in src/core/domain/face.ts) and their decoders. */
export const VIDEO_INPUTS = {
  /** ISO BMFF (MP4, MOV): H.264 (every phone) or HEVC (iPhones' own recordings) */
  mp4: { format: 'mov', decoders: ['h264', 'hevc'] },
  /** Matroska / WebM (Chrome and Firefox record WebM): VP8, VP9 or AV1 (ffmpeg's own decoder, or dav1d / libaom's) */
  webm: { format: 'matroska', decoders: ['vp8', 'vp9', 'av1', 'libdav1d', 'libaom-av1'] },
} as const;
export type VideoContainer = keyof typeof VIDEO_INPUTS;

/** The limits of one ffmpeg run: the address space (measured: a 4K HEVC re-encoded with 2 threads fits in 768 MB) and threads. */
export const FFMPEG_LIMITS = { memoryBytes: 1024 * 1024 * 1024, threads: 2 } as const;

export interface FfmpegChoice {
  path: string;
  /** setting: FFMPEG_PATH; system: `ffmpeg` on PATH; bundled: @ffmpeg-installer's static build */
  source: 'setting' | 'system' | 'bundled';
}

function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first executable `name` in the folders of a PATH-like list (null: none). */
export function findOnPath(name: string, searchPath: string): string | null {
  for (const dir of searchPath.split(delimiter)) {
    if (!dir || !isAbsolute(dir)) continue;
    const candidate = join(dir, name);
    if (isExecutableFile(candidate)) return candidate;
  }
  return null;
}

/** The bundled static ffmpeg of @ffmpeg-installer (its platform package is an optional dependency: null when absent). */
function bundledFfmpeg(): string | null {
  try {
    const requireHere = createRequire(join(projectRoot(), 'package.json'));
    const path = (requireHere('@ffmpeg-installer/ffmpeg') as { path: string }).path;
    return isExecutableFile(path) ? path : null;
  } catch {
    return null;
  }
}

/**
 * Chooses the binary: the setting (which must name an executable), else `ffmpeg` on `searchPath` (default: PATH),
 * else the bundled one. Throws when there is none at all.
 */
export function chooseFfmpeg(opts: { setting?: string; searchPath?: string; bundled?: () => string | null } = {}): FfmpegChoice {
  if (opts.setting) {
    const path = resolve(opts.setting);
    if (!isExecutableFile(path)) throw new Error(`FFMPEG_PATH: ${opts.setting} is not an executable file`);
    return { path, source: 'setting' };
  }
  const system = findOnPath(process.platform === 'win32' ? 'ffmpeg.exe' : 'ffmpeg', opts.searchPath ?? process.env.PATH ?? '');
  if (system) return { path: system, source: 'system' };
  const bundled = (opts.bundled ?? bundledFfmpeg)();
  if (bundled) return { path: bundled, source: 'bundled' };
  throw new Error('no ffmpeg: install one (e.g. apt-get install ffmpeg) or set FFMPEG_PATH');
}

let chosen: FfmpegChoice | null = null;

/** Fixes this process's ffmpeg (createVendors does, from FFMPEG_PATH); returns the choice. */
export function useFfmpeg(setting?: string): FfmpegChoice {
  chosen = chooseFfmpeg({ setting });
  return chosen;
}

/** This process's ffmpeg: the one useFfmpeg fixed, else chosen now without a setting (system, then bundled). */
export function ffmpegChoice(): FfmpegChoice {
  chosen ??= chooseFfmpeg();
  return chosen;
}

export const ffmpegPath = () => ffmpegChoice().path;

/** The first line of `ffmpeg -version` (e.g. "ffmpeg version 5.1.6-0+deb12u1 ..."), logged at start. */
export function ffmpegVersion(path: string = ffmpegPath()): string {
  const out = execFileSync(path, ['-hide_banner', '-version'], { encoding: 'utf8', timeout: 10_000, stdio: ['ignore', 'pipe', 'ignore'] });
  return out.split('\n')[0].trim();
}

let prlimit: string | null | undefined;

/** The command that runs ffmpeg with its address space limited: prlimit (util-linux) where found, else sh's ulimit. */
function limitedCommand(binary: string, args: string[]): [string, string[]] {
  prlimit ??= process.platform === 'linux' ? findOnPath('prlimit', process.env.PATH ?? '') : null;
  if (prlimit) return [prlimit, [`--as=${FFMPEG_LIMITS.memoryBytes}`, '--', binary, ...args]];
  if (process.platform === 'win32') return [binary, args];
  return ['/bin/sh', ['-c', 'ulimit -v "$0" && exec "$@"', String(Math.floor(FFMPEG_LIMITS.memoryBytes / 1024)), binary, ...args]];
}

/** Runs `binary` with FFMPEG_LIMITS' address space, killed after `timeoutMs`; resolves its standard output, or rejects with its last error lines. */
export function runLimited(binary: string, args: string[], timeoutMs: number): Promise<Buffer> {
  return new Promise((resolvePromise, reject) => {
    const [command, commandArgs] = limitedCommand(binary, args);
    // its own process group, so that the time limit ends whatever it started too
    const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'], detached: process.platform !== 'win32' });
    const out: Buffer[] = [];
    let err = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        if (child.pid && process.platform !== 'win32') process.kill(-child.pid, 'SIGKILL');
        else child.kill('SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, timeoutMs);
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-2000)));
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolvePromise(Buffer.concat(out));
      else if (timedOut) reject(new Error(`${binary} took longer than ${timeoutMs} ms`));
      else reject(new Error(`${binary} exited ${code ?? signal}: ${err.trim().split('\n').slice(-3).join(' | ')}`));
    });
  });
}

/** Runs this process's ffmpeg (address space limited, killed after `timeoutMs`); resolves its standard output. */
export function runFfmpeg(args: string[], timeoutMs = 30_000): Promise<Buffer> {
  return runLimited(ffmpegPath(), ['-hide_banner', '-nostdin', '-v', 'error', ...args], timeoutMs);
}

/**
 * The input options of an uploaded video: its container forced, its decoders limited to the container's allowed
 * video codecs, local files only; then `-i path`. The output part should map `0:v:0` (the first video stream).
 */
export function videoInput(path: string, container: VideoContainer): string[] {
  const input = VIDEO_INPUTS[container];
  return ['-threads', String(FFMPEG_LIMITS.threads), '-protocol_whitelist', 'file,pipe', '-f', input.format, '-codec_whitelist', input.decoders.join(','), '-i', path];
}
