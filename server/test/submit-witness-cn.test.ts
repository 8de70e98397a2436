/**
 * A mainland applicant staff marked for the professional-person verification (`ops user --witness 1`): ApplySubmit's
 * answer is what the client routes by (afterSubmitRoute: status 1500 → /witness), so it must carry 1500 and no
 * rejection, on a first submit and on a resubmission after a rejection; ApplyDetail then reads the same.
 */
import { STEPS_OF, type StepName } from '@core/domain';
import { afterSubmitRoute } from '@core/domain/after-submit';
import { findCommand } from '../src/ops/commands';
import { checkParams, parseArgv } from '../src/ops/framework';
import { runCommand } from '../src/ops/run';
import { createTestApp, type TestApp, type TestClient } from './helpers';
import { phoneOf, saveStep, stepUser, validStepData } from './step-fixtures';

let t: TestApp;
let user: () => Promise<TestClient>;
beforeAll(async () => {
  t = await createTestApp();
  user = stepUser(t, '1392', { start: 1000000, areaCode: '86' });
});
afterAll(() => t.close());

async function ops(argv: string[]): Promise<void> {
  const [name, ...rest] = argv;
  const cmd = findCommand(name);
  if (!cmd) throw new Error(`no command ${name}`);
  await runCommand({ db: t.db, config: t.config, clock: t.clock, storage: t.storage }, name, checkParams(cmd, cmd.parse(parseArgv(rest))));
}

test('a marked mainland applicant: the submit answers 1500 without rejection, on the first submit (→ /witness) and on a resubmission (→ /openStatus)', async () => {
  const c = await user();
  const appId = (await c.call('applyStart', { oaType: 1 })).body.result.appId as string;
  for (const s of STEPS_OF.cn as readonly StepName[]) {
    const res = await saveStep(c, appId, s, await validStepData(c, s, appId));
    expect([s, res.body.error]).toEqual([s, undefined]);
  }
  await ops(['user', phoneOf(c), '--area', '86', '--witness', '1']);

  const first = await c.call('applySubmit', { appId });
  expect(first.body.error).toBeUndefined();
  expect(first.body.result.application).toEqual(expect.objectContaining({ clientType: 'cn', applyStatus: 1500, rejectData: null }));
  expect(afterSubmitRoute(first.body.result.application)).toBe('/witness');
  expect((await c.call('applyDetail')).body.result).toEqual(expect.objectContaining({ applyStatus: 1500, rejectData: null }));

  // staff send it back; the applicant fixes the step and submits again
  await ops(['reject', appId, '--steps', 'BANKCARD', '--message', 'Card number differs']);
  const rejected = (await c.call('applyDetail')).body.result;
  expect(rejected.rejectData).toEqual(expect.objectContaining({ steps: ['BANKCARD'] }));
  const fixed = await saveStep(c, appId, 'BANKCARD', await validStepData(c, 'BANKCARD', appId));
  expect(fixed.body.error).toBeUndefined();
  const again = await c.call('applySubmit', { appId });
  expect(again.body.result.application).toEqual(expect.objectContaining({ applyStatus: 1500, rejectData: null }));
  // the spec's order: a mainland application with reject steps goes to its status page (the steps it was sent back
  // with, as the client read them before the submit), even when the answer is 1500 (issue 37)
  expect(afterSubmitRoute(again.body.result.application, rejected.rejectData.steps)).toBe('/openStatus');
});
