import { STEP_NAMES, STEPS_OF, type StepName } from './steps';
import type { StepContext } from './step-rules/types';
import { sampleStep, type SampleFile, type SampleOptions, type SampleSource } from './step-samples';
import { stepData } from './step-shapes';

/** A source over an application kept in memory that offers every sample (risk track, face check, documents). */
function memorySource(clientType: 'cn' | 'hk', saved: StepContext['saved']): SampleSource {
  let n = 0;
  const file = async (category: 'UserInfo' | 'UserApply', kind = 'png'): Promise<SampleFile> => {
    n++;
    return { ossId: `oss${String(n).padStart(6, '0')}`, url: `/f/${n}`, description: `f${n}.${kind}`, ossCategory: category };
  };
  return {
    file,
    amlCheck: async () => ({ hitStatus: 1, amlInfoId: 'aml-1' }),
    context: async () => ({ today: '2026-11-25', clientType, saved: { ...saved }, strict: true, app: { aecode: null, channel: null } }),
    now: () => new Date('2026-11-25T02:00:00Z'),
    riskDisclosure: async () => 'risk-zh-1',
    faceCheck: async () => ({ id: 7, picture: await file('UserInfo') }),
    caDocument: async (document) => `doc-${document}`,
  };
}

/** The sample as stored data reads back: null (not given) is the same as no value. */
const withoutNulls = (v: unknown): unknown =>
  Array.isArray(v) ? v.map(withoutNulls) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).filter(([, x]) => x !== null).map(([k, x]) => [k, withoutNulls(x)])) : v;

describe("every step's sample reads back whole through its shape (no field of the validators' data is missing from it)", () => {
  const cases: Array<[string, 'cn' | 'hk', SampleOptions]> = [
    ['cn', 'cn', {}],
    ['hk permanent', 'hk', {}],
    ['hk non-permanent', 'hk', { permanent: 2, accountType: 1 }],
  ];
  test.each(cases)('%s', async (_name, clientType, opts) => {
    const saved: StepContext['saved'] = {};
    const src = memorySource(clientType, saved);
    const steps: StepName[] = [...STEPS_OF[clientType], ...(clientType === 'cn' ? (['STATEMENT'] as const) : [])];
    for (const step of steps) {
      const data = await sampleStep(step, src, opts);
      saved[step] = data;
      expect({ step, read: stepData(saved, step) }).toEqual({ step, read: withoutNulls(data) });
    }
  });

  test('the table covers every step', () => {
    expect(new Set([...STEPS_OF.cn, ...STEPS_OF.hk, 'STATEMENT'])).toEqual(new Set(STEP_NAMES));
  });
});

describe('stepData reads defensively', () => {
  test('a step not saved, or saved as something else than an object, reads as undefined', () => {
    expect(stepData({}, 'IDCARD')).toBeUndefined();
    expect(stepData(null, 'IDCARD')).toBeUndefined();
    expect(stepData({ IDCARD: 'x' }, 'IDCARD')).toBeUndefined();
    expect(stepData({ IDCARD: [1] }, 'IDCARD')).toBeUndefined();
  });

  test('fields of another type are left out, unknown fields too; a number where text is kept is read as its text', () => {
    expect(
      stepData({ USERINFO: { chineseName: 5, englishName: { x: 1 }, gender: '1', birthday: null, email: 'a@b.hk', extra: 'kept out' } }, 'USERINFO'),
    ).toEqual({ chineseName: '5', email: 'a@b.hk' });
  });

  test('lists keep their items of the right type; maps their values of the right type, in stored order', () => {
    expect(stepData({ RISK: { agreements: ['a', 3, null, 'b'] } }, 'RISK')).toEqual({ agreements: ['a', '3', 'b'] });
    const tax = stepData({ TAXINFO: { taxInfo: { US: '1', HK: 2, CN: {} }, frontInfo: { RAW_taxInfo: [{ countryCode: 'HK' }, 'x'] } } }, 'TAXINFO');
    expect(tax).toEqual({ taxInfo: { US: '1', HK: '2' }, frontInfo: { RAW_taxInfo: [{ countryCode: 'HK' }] } });
    expect(Object.keys(tax!.taxInfo!)).toEqual(['US', 'HK']);
  });

  test('nested objects are read with their own shape', () => {
    expect(stepData({ SELECTACCOUNT: { accountType: 2, derivativeInfo: { version: 2, derivative: { checked: 1, title: 'intend', more: 1 }, derivativeProducts: { items: [{ title: 'x', checked: '1' }] } } } }, 'SELECTACCOUNT')).toEqual({
      accountType: 2,
      derivativeInfo: { version: 2, derivative: { checked: 1, title: 'intend' }, derivativeProducts: { items: [{ title: 'x' }] } },
    });
  });
});
