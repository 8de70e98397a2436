import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGS } from './calls';
import {
  checkVideoLength,
  FACE_REASONS,
  faceFailureText,
  nextUploadState,
  UPLOAD_STATES,
  videoContainerOf,
  type UploadEvent,
  type UploadState,
} from './face';

const bytes = (...b: number[]) => new Uint8Array([...b, ...new Array(16).fill(0)]);

describe('videoContainerOf', () => {
  test.each([
    ['mp4 (ftyp at 4)', bytes(0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d), 'mp4'],
    ['mov (ftyp qt)', bytes(0, 0, 0, 0x14, 0x66, 0x74, 0x79, 0x70, 0x71, 0x74, 0x20, 0x20), 'mp4'],
    ['webm (EBML)', bytes(0x1a, 0x45, 0xdf, 0xa3), 'webm'],
    ['jpeg', bytes(0xff, 0xd8, 0xff), null],
    ['png', bytes(0x89, 0x50, 0x4e, 0x47), null],
    ['empty', new Uint8Array(0), null],
  ])('%s', (_name, head, want) => expect(videoContainerOf(head)).toBe(want));
});

describe('checkVideoLength: 2 to 5 s (half a second of slack above)', () => {
  test.each([
    [NaN, 'videoTooShort'],
    [0, 'videoTooShort'],
    [1.99, 'videoTooShort'],
    [2, null],
    [5, null],
    [5.5, null],
    [5.51, 'videoTooLong'],
    [60, 'videoTooLong'],
  ])('%s s → %s', (s, want) => expect(checkVideoLength(s)).toBe(want));
});

describe('the upload state machine', () => {
  const run = (events: UploadEvent[]) => events.reduce<UploadState>((s, e) => nextUploadState(s, e), 'init');
  test('init → calculating → uploading → completing → done', () => {
    expect(run(['start', 'measured', 'sent', 'stored'])).toBe('done');
    expect(UPLOAD_STATES).toEqual(['init', 'calculating', 'uploading', 'completing', 'done']);
  });
  test.each([
    [['measured'], 'init'],
    [['start', 'sent'], 'calculating'],
    [['start', 'measured', 'failed'], 'init'],
    [['start', 'measured', 'sent', 'stored', 'reset'], 'init'],
    [['start', 'start'], 'calculating'],
  ] as [UploadEvent[], UploadState][])('%j → %s', (events, want) => expect(run(events)).toBe(want));
});

describe('150405 messages', () => {
  test('the 24 reasons, each translated in every language', () => {
    expect(FACE_REASONS).toHaveLength(24);
    expect(new Set(FACE_REASONS).size).toBe(24);
    for (const lang of LANGS) {
      const texts = JSON.parse(readFileSync(join(__dirname, '../../../locales', `${lang}.json`), 'utf8')).liveness.reasons as Record<string, string>;
      expect(Object.keys(texts).sort()).toEqual([...FACE_REASONS].sort());
    }
  });
  test.each([
    ['FACE_MISMATCH', { reason: 'FACE_MISMATCH' }],
    ['ATTEMPTS_LIMIT', { reason: 'ATTEMPTS_LIMIT' }],
    ['人脸比对分数过低', { raw: '人脸比对分数过低' }],
    ['  The police record is locked  ', { raw: 'The police record is locked' }],
    ['SOME_CODE', { generic: true }],
    ['', { generic: true }],
    [undefined, { generic: true }],
    ['x'.repeat(300), { generic: true }],
  ])('%j', (message, want) => expect(faceFailureText(message)).toEqual(want));
});
