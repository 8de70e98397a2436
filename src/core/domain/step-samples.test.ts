import { STEPS_OF, type StepName } from './steps';
import { validateStep } from './step-rules';
import type { StepContext } from './step-rules/types';
import { sampleStep, type SampleFile, type SampleOptions, type SampleSource } from './step-samples';

/** A source over an application kept in memory: the saved samples make the context of the next step. */
function memorySource(clientType: 'cn' | 'hk', hitStatus = 0) {
  const saved: StepContext['saved'] = {};
  let n = 0;
  const src: SampleSource = {
    file: async (category, kind = 'png'): Promise<SampleFile> => {
      n++;
      return { ossId: `oss${String(n).padStart(6, "0")}`, url: `/f/${n}`, description: `f${n}.${kind}`, ossCategory: category };
    },
    amlCheck: async () => ({ hitStatus, amlInfoId: 'aml-1' }),
    context: async () => ({ today: '2026-11-25', clientType, saved: { ...saved }, strict: false, app: { aecode: null, channel: null } }),
    now: () => new Date('2026-11-25T02:00:00Z'),
  };
  return { src, saved };
}

const SAMPLED: ReadonlySet<StepName> = new Set([
  'IDCARD', 'BANKCARD', 'HK_IDCARD', 'USERINFO', 'PROOFADDRESS', 'STATEMENT',
  'JOBSTATUS', 'FINANCE', 'INVESTMENT', 'SELECTACCOUNT', 'IDENTITYEXPOSURE', 'TAXINFO',
]);

describe('every step sample passes its step rules, saved in flow order', () => {
  const cases: Array<[string, 'cn' | 'hk', SampleOptions, number]> = [
    ['cn, margin', 'cn', {}, 0],
    ['cn, cash, AML hit', 'cn', { accountType: 1 }, 1],
    ['hk permanent, margin', 'hk', {}, 0],
    ['hk non-permanent, cash', 'hk', { permanent: 2, accountType: 1 }, 0],
    ['hk aged 65', 'hk', { birthday: '1961-01-01' }, 0],
  ];
  test.each(cases)('%s', async (_name, clientType, opts, hit) => {
    const { src, saved } = memorySource(clientType, hit);
    for (const step of STEPS_OF[clientType].filter((s) => SAMPLED.has(s))) {
      const data = await sampleStep(step, src, opts);
      expect({ step, issues: validateStep(step, data, await src.context()) }).toEqual({ step, issues: [] });
      saved[step] = data;
    }
    expect(Object.keys(saved).length).toBeGreaterThanOrEqual(6);
  });

  test('the statement sample passes for a restricted mainland applicant', async () => {
    const { src } = memorySource('cn');
    const data = await sampleStep('STATEMENT', src);
    expect(validateStep('STATEMENT', data, { ...(await src.context()), strict: true })).toEqual([]);
  });

  test('a step without a sample says so', async () => {
    const { src } = memorySource('hk');
    await expect(sampleStep('RISK', src)).rejects.toThrow('no sample data for the step RISK');
  });
});
