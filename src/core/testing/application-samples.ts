/**
 * A whole application's data in memory, every step of the flow saved with its sample (step-samples.ts), the closing
 * steps with made-up ids: what the desk's words and screens are tested on.
 */
import { STEPS_OF, type StepName } from '@core/domain/steps';
import type { StepContext } from '@core/domain/step-rules/types';
import { sampleStep, type SampleFile, type SampleOptions, type SampleSource } from '@core/domain/step-samples';

export async function sampleApplicationData(clientType: 'cn' | 'hk', opts: SampleOptions = {}, hit = 0): Promise<{ data: Record<string, unknown>; steps: StepName[] }> {
  const saved: StepContext['saved'] = {};
  let n = 0;
  const src: SampleSource = {
    file: async (category, kind = 'png'): Promise<SampleFile> => {
      n++;
      return { ossId: `oss${String(n).padStart(6, '0')}`, url: `/f/${n}`, description: `f${n}.${kind}`, ossCategory: category };
    },
    amlCheck: async () => ({ hitStatus: hit, amlInfoId: 'aml-1' }),
    context: async () => ({ today: '2026-11-25', clientType, saved: { ...saved }, strict: false, app: { aecode: null, channel: null } }),
    now: () => new Date('2026-11-25T02:00:00Z'),
    riskDisclosure: async () => 'track-1',
    faceCheck: async () => ({ id: 7, picture: await src.file('UserInfo') }),
    caDocument: async (doc) => `doc-${doc}`,
  };
  const steps: StepName[] = [...STEPS_OF[clientType]];
  if (clientType === 'cn') steps.unshift('STATEMENT');
  for (const step of steps) saved[step] = await sampleStep(step, src, opts);
  return { data: saved as Record<string, unknown>, steps };
}
