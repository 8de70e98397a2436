import { checkDerivativeEvidence, evidenceFilesOf, type EvidenceRule } from './derivative-evidence';
import { MAX_FILES } from './uploads';

const file = (id: string) => ({ ossId: `ev_${id}_abcdef`, url: 'https://x/y', description: `${id}.pdf`, ossCategory: 'UserApply' });
/** the questionnaire with `boxes` ticked */
const info = (...boxes: string[]) => Object.fromEntries(['trainingCourse', 'experienceRelated', 'derivativeProducts'].map((b) => [b, { checked: boxes.includes(b) ? 1 : 0 }]));
const issues = (v: unknown, derivativeInfo: unknown, rule: EvidenceRule) => checkDerivativeEvidence(v, derivativeInfo, rule).filter(([, c]) => c !== null);

describe('evidence of derivatives knowledge (issue 41)', () => {
  test.each<[string, unknown, unknown, EvidenceRule, Array<[string, string]>]>([
    ['none, nothing ticked, any rule', undefined, info(), 'required', []],
    ['optional: a ticked box without a file is fine', {}, info('trainingCourse'), 'optional', []],
    ['required: each ticked box needs a file', { trainingCourse: [file('a')] }, info('trainingCourse', 'derivativeProducts'), 'required', [['derivativeEvidence.derivativeProducts', 'fileRequired']]],
    ['required: an empty list is no file', { experienceRelated: [] }, info('experienceRelated'), 'required', [['derivativeEvidence.experienceRelated', 'fileRequired']]],
    ['required and given', { trainingCourse: [file('a')], derivativeProducts: [file('b'), file('c')] }, info('trainingCourse', 'derivativeProducts'), 'required', []],
    ['files for a box not ticked', { experienceRelated: [file('a')] }, info('trainingCourse'), 'optional', [['derivativeEvidence.experienceRelated', 'choice']]],
    ['files without a questionnaire', { trainingCourse: [file('a')] }, undefined, 'optional', [['derivativeEvidence.trainingCourse', 'choice']]],
    ['off: no file accepted', { trainingCourse: [file('a')] }, info('trainingCourse'), 'off', [['derivativeEvidence.trainingCourse', 'notOffered']]],
    ['off: nothing asked', {}, info('trainingCourse'), 'off', []],
    ['too many files', { trainingCourse: Array.from({ length: MAX_FILES.derivativeEvidence + 1 }, (_, i) => file(String(i))) }, info('trainingCourse'), 'optional', [['derivativeEvidence.trainingCourse', 'tooManyFiles']]],
    ['an entry that is not a file', { trainingCourse: [file('a'), { ossId: '' }] }, info('trainingCourse'), 'optional', [['derivativeEvidence.trainingCourse', 'fileRequired']]],
    ['a list that is not a list', { trainingCourse: 'x' }, info('trainingCourse'), 'optional', [['derivativeEvidence.trainingCourse', 'fileRequired']]],
    ['another key', { trainingCourse: [file('a')], payslip: [file('b')] }, info('trainingCourse'), 'optional', [['derivativeEvidence.payslip', 'choice']]],
    ['not an object', [file('a')], info('trainingCourse'), 'optional', [['derivativeEvidence', 'choice']]],
  ])('%s', (_, v, derivativeInfo, rule, expected) => expect(issues(v, derivativeInfo, rule)).toEqual(expected));

  test('the files box by box, entries that are not files left out', () => {
    expect(evidenceFilesOf({ trainingCourse: [file('a'), 'x'], derivativeProducts: 'y' })).toEqual({ trainingCourse: [file('a')], experienceRelated: [], derivativeProducts: [] });
    expect(evidenceFilesOf(undefined)).toEqual({ trainingCourse: [], experienceRelated: [], derivativeProducts: [] });
  });
});
