import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGS } from './calls';
import {
  checkVideoLength,
  FACE_REASONS,
  faceFailureText,
  faceFixOf,
  nextUploadState,
  RECORDING,
  UPLOAD_STATES,
  VIDEO_LIMITS,
  videoContainerOf,
  type FaceFix,
  type FaceReason,
  type UploadEvent,
  type UploadState,
} from './face';
import { STEPS_OF, type StepName } from './steps';

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

describe('checkVideoLength: 2 to 5 s, both included, nothing over (to the millisecond)', () => {
  test.each([
    [NaN, 'videoTooShort'],
    [Infinity, 'videoTooShort'],
    [0, 'videoTooShort'],
    [1.99, 'videoTooShort'],
    [1.9996, null],
    [2, null],
    [4.5, null],
    [5, null],
    [5.0004, null],
    [5.001, 'videoTooLong'],
    [5.1, 'videoTooLong'],
    [5.5, 'videoTooLong'],
    [60, 'videoTooLong'],
  ])('%s s → %s', (s, want) => expect(checkVideoLength(s)).toBe(want));

  test("the phone's own recording stops inside the limit, and after the shortest", () => {
    expect(checkVideoLength(RECORDING.stopAfterMs / 1000)).toBeNull();
    expect(RECORDING.stopAfterMs).toBeLessThan(VIDEO_LIMITS.maxSeconds * 1000);
    expect(checkVideoLength(RECORDING.minMs / 1000)).toBeNull();
  });
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

describe('faceFixOf: what a failed check offers', () => {
  const cn = STEPS_OF.cn;
  const hk = [...STEPS_OF.hk, 'LIVINGWITNESS'] as StepName[];
  test.each<[FaceReason | null, readonly StepName[], FaceFix]>([
    // a step to fix, then back to the liveness step
    ['ID_PHOTO_NO_FACE', cn, { kind: 'step', step: 'IDCARD', fix: 'idPhoto' }],
    ['ID_NUMBER_WRONG', cn, { kind: 'step', step: 'IDCARD', fix: 'idInfo' }],
    ['NAME_WRONG', cn, { kind: 'step', step: 'IDCARD', fix: 'idInfo' }],
    ['ID_NAME_MISMATCH', cn, { kind: 'step', step: 'IDCARD', fix: 'idInfo' }],
    ['ID_PHOTO_NO_FACE', hk, { kind: 'step', step: 'HK_IDCARD', fix: 'idPhoto' }],
    ['ID_NUMBER_WRONG', hk, { kind: 'step', step: 'HK_IDCARD', fix: 'idInfo' }],
    ['NAME_WRONG', hk, { kind: 'step', step: 'USERINFO', fix: 'userInfo' }],
    ['ID_NAME_MISMATCH', hk, { kind: 'step', step: 'HK_IDCARD', fix: 'idInfo' }],
    // under a rejection that did not send the ID card step back, it cannot be opened: call
    ['ID_PHOTO_NO_FACE', ['LIVINGWITNESS'], { kind: 'contact' }],
    ['NAME_WRONG', ['LIVINGWITNESS'], { kind: 'contact' }],
    // nothing to change: later, tomorrow, or call
    ['POLICE_SERVICE_DOWN', cn, { kind: 'later' }],
    ['ATTEMPTS_LIMIT', cn, { kind: 'tomorrow' }],
    ['ID_NOT_FOUND', cn, { kind: 'contact' }],
    ['POLICE_PHOTO_MISSING', cn, { kind: 'contact' }],
    // the recording: record again
    ['FACE_MISMATCH', cn, { kind: 'record' }],
    ['LIGHT_TOO_DARK', cn, { kind: 'record' }],
    ['NOT_LIVE', cn, { kind: 'record' }],
    ['VIDEO_TOO_LONG', cn, { kind: 'record' }],
    [null, cn, { kind: 'record' }],
  ])('%s (%j) → %j', (reason, editable, want) => expect(faceFixOf(reason, editable)).toEqual(want));

  test('every reason has an answer, and each button it names is translated', () => {
    const fixes = new Set<string>();
    for (const r of FACE_REASONS) {
      const fix = faceFixOf(r, [...STEPS_OF.cn, ...STEPS_OF.hk]);
      expect(['record', 'step', 'later', 'tomorrow', 'contact']).toContain(fix.kind);
      if (fix.kind === 'step') fixes.add(fix.fix);
    }
    fixes.add('userInfo');
    for (const lang of LANGS) {
      const texts = JSON.parse(readFileSync(join(__dirname, '../../../locales', `${lang}.json`), 'utf8')).liveness.fix as Record<string, string>;
      for (const f of fixes) expect([lang, f, typeof texts[f]]).toEqual([lang, f, 'string']);
    }
  });
});
