/** The liveness screen's guidance from what the detector found: a table of the rules. */
import { guideOf, type Guide } from './face-guide';

const W = 640;
const H = 480;
const centred = { x: 220, y: 120, w: 200, h: 240 };

test.each([
  ['too dark, whatever is seen', [centred], 30, false, 'dark'],
  ['no face', [], 120, false, 'noFace'],
  ['a face at the left edge', [{ ...centred, x: 10 }], 120, false, 'offCentre'],
  ['a face low in the frame', [{ ...centred, y: 300 }], 120, false, 'offCentre'],
  ['a small face in the middle', [{ x: 290, y: 200, w: 60, h: 70 }], 120, false, 'tooFar'],
  ['a good face', [centred], 120, false, 'ready'],
  ['a good face that has moved', [centred], 120, true, 'moved'],
] as [string, { x: number; y: number; w: number; h: number }[], number, boolean, Guide][])('%s → %s', (_name, faces, light, moved, want) => {
  expect(guideOf(faces, W, H, light, moved)).toBe(want);
});
