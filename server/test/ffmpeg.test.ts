/**
 * The ffmpeg that decodes applicants' videos: the system's in preference to the bundled 2018 build (FFMPEG_PATH
 * first), and an uploaded video decoded only as the container its first bytes name, with that container's allowed
 * video codecs, under a time and a memory limit. Videos are made here with the same ffmpeg (CI installs Debian's).
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CALLS, ErrorCode } from '@core/domain';
import { ConfigError, loadConfig } from '../src/config';
import { chooseFfmpeg, FFMPEG_LIMITS, ffmpegPath, runLimited, videoInput } from '../src/vendors/face/ffmpeg';
import { createTestApp, type TestApp, type TestClient } from './helpers';
import { invalidIssues, stepUser } from './step-fixtures';

const dir = mkdtempSync(join(tmpdir(), 'ffmpeg-test-'));
const fakeBin = (folder: string, name = 'ffmpeg') => {
  const path = join(folder, name);
  writeFileSync(path, '#!/bin/sh\necho fake\n');
  chmodSync(path, 0o755);
  return path;
};

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('which ffmpeg', () => {
  test('the system ffmpeg is found on PATH and preferred to the bundled one', () => {
    const bin = mkdtempSync(join(dir, 'bin-'));
    const fake = fakeBin(bin);
    const bundled = '/somewhere/@ffmpeg-installer/linux-x64/ffmpeg';
    expect(chooseFfmpeg({ searchPath: `/no/such/dir:${bin}`, bundled: () => bundled })).toEqual({ path: fake, source: 'system' });
    // without one on PATH: the bundled build
    const empty = mkdtempSync(join(dir, 'empty-'));
    expect(chooseFfmpeg({ searchPath: empty, bundled: () => bundled })).toEqual({ path: bundled, source: 'bundled' });
    // the real bundled build is found in node_modules
    expect(chooseFfmpeg({ searchPath: empty }).path).toMatch(/@ffmpeg-installer\/[^/]+\/ffmpeg$/);
    expect(() => chooseFfmpeg({ searchPath: empty, bundled: () => null })).toThrow(/no ffmpeg: install one/);
  });

  test('FFMPEG_PATH wins over PATH; one that is not an executable stops the start', () => {
    const bin = mkdtempSync(join(dir, 'bin-'));
    fakeBin(bin);
    const chosen = fakeBin(mkdtempSync(join(dir, 'chosen-')), 'ffmpeg-7');
    expect(chooseFfmpeg({ setting: chosen, searchPath: bin })).toEqual({ path: chosen, source: 'setting' });
    const notExecutable = join(dir, 'plain-file');
    writeFileSync(notExecutable, 'x');
    expect(() => chooseFfmpeg({ setting: notExecutable })).toThrow(/FFMPEG_PATH: .* is not an executable file/);

    const dataDir = mkdtempSync(join(dir, 'data-'));
    expect(() => loadConfig({ DATA_DIR: dataDir, FFMPEG_PATH: notExecutable })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, FFMPEG_PATH: '/no/such/ffmpeg' })).toThrow(/FFMPEG_PATH: not an executable file/);
    expect(loadConfig({ DATA_DIR: dataDir, FFMPEG_PATH: chosen }).ffmpegPath).toBe(chosen);
  });

  test('a run is held to the memory limit and killed at its time limit', async () => {
    // the limit is the address space of the started process (prlimit, or sh's ulimit)
    const limit = (await runLimited('/bin/sh', ['-c', 'ulimit -v'], 10_000)).toString().trim();
    expect(Number(limit)).toBe(FFMPEG_LIMITS.memoryBytes / 1024);
    await expect(runLimited('/bin/sh', ['-c', 'sleep 30'], 300)).rejects.toThrow(/took longer than 300 ms/);
  });
});

// ---------------------------------------------------------------- what is decoded

/** A 3 s test video made by this process's ffmpeg: `args` choose the codec and container. */
async function video(name: string, args: string[], input = ['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=15:duration=3']): Promise<Buffer> {
  const out = join(dir, name);
  await runLimited(ffmpegPath(), ['-hide_banner', '-v', 'error', ...input, ...args, '-y', out], 60_000);
  return readFileSync(out);
}

describe('uploaded videos: only the allowed containers and codecs are decoded', () => {
  let t: TestApp;
  let newUser: () => Promise<TestClient>;
  beforeAll(async () => {
    t = await createTestApp();
    newUser = stepUser(t, '1371600', { start: 1000, areaCode: '86' });
  }, 60_000);
  afterAll(() => t.close());

  const upload = (c: TestClient, bytes: Buffer, filename: string) => c.upload(CALLS.videoUpload.path, { filename }, bytes);

  test('H.264 in MP4, VP8 and VP9 in WebM: stored', async () => {
    const c = await newUser();
    const accepted = [
      await video('h264.mp4', ['-c:v', 'libx264', '-pix_fmt', 'yuv420p']),
      // a phone's recording may carry sound: the video is what is read
      await video('h264-aac.mp4', ['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'], ['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=15:duration=3', '-f', 'lavfi', '-i', 'sine=duration=3']),
      await video('vp8.webm', ['-c:v', 'libvpx', '-deadline', 'realtime']),
      await video('vp9.webm', ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8']),
    ];
    for (const bytes of accepted) {
      const res = await upload(c, bytes, 'liveness.bin');
      expect([res.status, res.body.error]).toEqual([200, undefined]);
      expect(res.body.result.seconds).toBeCloseTo(3, 0);
    }
  }, 120_000);

  test('another codec in an allowed container, a disguised image, sound without a picture: refused as unreadable', async () => {
    const c = await newUser();
    const refused = {
      // Matroska (WebM's container, same first bytes) with MPEG-4 Part 2 or H.264: not a WebM codec
      'mpeg4.mkv': await video('mpeg4.mkv', ['-c:v', 'mpeg4']),
      'h264.mkv': await video('h264.mkv', ['-c:v', 'libx264', '-pix_fmt', 'yuv420p']),
      // JPEG pictures inside an MP4 (an image in a video's clothing)
      'mjpeg.mp4': await video('mjpeg.mp4', ['-c:v', 'mjpeg']),
      // an MP4 of MP3 sound only
      'mp3.mp4': await video('mp3.mp4', ['-c:a', 'libmp3lame'], ['-f', 'lavfi', '-i', 'sine=duration=3']),
    };
    for (const [name, bytes] of Object.entries(refused)) {
      expect([name, invalidIssues(await upload(c, bytes, name))]).toEqual([name, ['file:videoUnreadable']]);
    }
    // a picture with a video's name: not a video by its first bytes
    const png = await video('still.png', ['-frames:v', '1'], ['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=1']);
    expect((await upload(c, png, 'liveness.mp4')).body.error?.code).toBe(ErrorCode.FILE_TYPE);
    // WebM's first bytes before an MP4 body: decoded as Matroska, which it is not
    const mp4 = await video('h264-2.mp4', ['-c:v', 'libx264', '-pix_fmt', 'yuv420p']);
    const disguised = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), mp4]);
    expect(invalidIssues(await upload(c, disguised, 'liveness.webm'))).toEqual(['file:videoUnreadable']);
  }, 120_000);

  test('the input options force the container and its decoders, local files only', () => {
    expect(videoInput('/tmp/v', 'mp4')).toEqual(['-threads', '2', '-protocol_whitelist', 'file,pipe', '-f', 'mov', '-codec_whitelist', 'h264,hevc', '-i', '/tmp/v']);
    expect(videoInput('/tmp/v', 'webm')).toEqual(expect.arrayContaining(['-f', 'matroska', '-codec_whitelist', 'vp8,vp9,av1,libdav1d,libaom-av1']));
  });
});
