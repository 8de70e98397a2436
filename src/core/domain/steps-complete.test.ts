/**
 * Every step is complete: a route, a progress stage in each list that has it, a rule (validator), a sample that
 * passes the rule, and a title in each of the three languages. The tables are Records (a missing entry is a type
 * error); this test checks what the types cannot: the values are real, distinct and translated.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGS } from './index';
import { STEP_NAMES, STEP_ROUTE, STEP_STATUS, STEP_INTRO_KEY, STEP_TITLE_KEY, STEPS_OF, insertStatement, progressOf, stepOfRoute, type StepName } from './steps';
import { STEP_VALIDATORS, validateStep } from './step-rules';
import type { StepContext } from './step-rules/types';
import { sampleStep, type SampleFile, type SampleSource } from './step-samples';
import type { ClientType } from './client-type';

const flat = (o: Record<string, unknown>, p = ''): [string, unknown][] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? flat(v as Record<string, unknown>, `${p}${k}.`) : [[`${p}${k}`, v]]));
const messages = (lang: string) => new Map(flat(JSON.parse(readFileSync(join(__dirname, '../../../locales', `${lang}.json`), 'utf8'))));

/** An application kept in memory that offers everything a sample may ask for (the track heard, a face check, the documents). */
function fullSource(clientType: ClientType) {
  const saved: StepContext['saved'] = {};
  let n = 0;
  const file = async (category: SampleFile['ossCategory'], kind = 'png'): Promise<SampleFile> => {
    n++;
    return { ossId: `oss${String(n).padStart(6, '0')}`, url: `/f/${n}`, description: `f${n}.${kind}`, ossCategory: category };
  };
  const src: SampleSource = {
    file,
    amlCheck: async () => ({ hitStatus: 0, amlInfoId: 'aml-1' }),
    context: async () => ({ today: '2026-11-25', clientType, saved: { ...saved }, strict: true, app: { aecode: null, channel: null } }),
    now: () => new Date('2026-11-25T02:00:00Z'),
    riskDisclosure: async () => 'track-1',
    faceCheck: async () => ({ id: 7, picture: await file('UserApply') }),
    caDocument: async (document) => `doc-${document}`,
  };
  return { src, saved };
}

describe('every step is complete', () => {
  test('a route of its own, that maps back to the step', () => {
    const routes = STEP_NAMES.map((s) => STEP_ROUTE[s]);
    expect(new Set(routes.map((r) => r.toLowerCase())).size).toBe(STEP_NAMES.length);
    for (const step of STEP_NAMES) {
      expect([step, STEP_ROUTE[step]]).toEqual([step, expect.stringMatching(/^\/\w+$/)]);
      expect(stepOfRoute(STEP_ROUTE[step])).toBe(step);
    }
  });

  test('a rule (validator) and a status code', () => {
    for (const step of STEP_NAMES) {
      expect([step, typeof STEP_VALIDATORS[step]]).toEqual([step, 'function']);
      expect([step, STEP_STATUS[step]]).toEqual([step, expect.any(Number)]);
    }
  });

  test('a title in each language', () => {
    const keys = STEP_NAMES.map((s) => STEP_TITLE_KEY[s]);
    expect(new Set(keys).size).toBe(STEP_NAMES.length);
    for (const lang of LANGS) {
      const m = messages(lang);
      for (const step of STEP_NAMES) expect([lang, step, typeof m.get(STEP_TITLE_KEY[step])]).toEqual([lang, step, 'string']);
    }
  });

  test('an introduction in each language, the same for every applicant (no value to fill in)', () => {
    const keys = STEP_NAMES.map((s) => STEP_INTRO_KEY[s]);
    expect(new Set(keys).size).toBe(STEP_NAMES.length);
    for (const lang of LANGS) {
      const m = messages(lang);
      for (const step of STEP_NAMES) {
        const text = m.get(STEP_INTRO_KEY[step]);
        expect([lang, step, typeof text]).toEqual([lang, step, 'string']);
        expect([lang, step, /[{}]/.test(String(text))]).toEqual([lang, step, false]);
      }
    }
  });

  test('a progress stage in every list that has the step, none elsewhere', () => {
    for (const clientType of ['cn', 'hk'] as const) {
      const list = insertStatement(STEPS_OF[clientType], false);
      for (const step of STEP_NAMES) {
        const p = progressOf(clientType, step);
        if (list.includes(step)) expect([clientType, step, p?.current]).toEqual([clientType, step, expect.any(Number)]);
        else expect([clientType, step, p]).toEqual([clientType, step, undefined]);
      }
    }
  });

  test('a sample that passes its rule, for each client type in flow order', async () => {
    const sampled = new Set<StepName>();
    for (const clientType of ['cn', 'hk'] as const) {
      const { src, saved } = fullSource(clientType);
      for (const step of insertStatement(STEPS_OF[clientType], false)) {
        const data = await sampleStep(step, src);
        expect({ clientType, step, issues: validateStep(step, data, await src.context()) }).toEqual({ clientType, step, issues: [] });
        saved[step] = data;
        sampled.add(step);
      }
    }
    expect([...sampled].sort()).toEqual([...STEP_NAMES].sort());
  });
});
