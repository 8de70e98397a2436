/**
 * The step checks a higher module owns (IDENTITYEXPOSURE: aml, RISK: risk, SIGN: closing) are registered by that
 * module with the app at start: an app missing one refuses to start, and a save never passes a step whose check is
 * missing (issue 26: the module cycles broken by registration, not by dropping a rule).
 */
import type { StepCheck, StepCheckArgs } from '../src/modules/applications/step-checks';
import { meta as riskStep } from '@core/domain/steps/risk';
import { meta as signStep } from '@core/domain/steps/sign';
import { meta as userinfoStep } from '@core/domain/steps/userinfo';
import { CHECKED_ELSEWHERE, assertStepChecksRegistered, registerStepCheck, runStepChecks } from '../src/modules/applications/step-checks';
import { createTestApp, type TestApp } from './helpers';

const refuseAll: StepCheck = async () => [{ path: 'data.x', message: 'refused' }];
const argsOf = (step: StepCheckArgs['step']) => ({ step }) as StepCheckArgs;

describe('step checks registered by their modules', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('the built app has the aml, risk and closing checks', () => {
    expect(CHECKED_ELSEWHERE).toEqual(['IDENTITYEXPOSURE', 'RISK', 'SIGN']);
    expect(() => assertStepChecksRegistered(t.app.deps)).not.toThrow();
  });

  it('an app missing a module refuses to start, naming the steps', () => {
    const deps = {};
    registerStepCheck(deps, riskStep, refuseAll);
    expect(() => assertStepChecksRegistered(deps)).toThrow('no step check registered for IDENTITYEXPOSURE, SIGN');
  });

  it('a step without its registered check is an error, never a pass', async () => {
    await expect(runStepChecks({}, argsOf('SIGN'))).rejects.toThrow('step SIGN: no check registered');
    const deps = {};
    registerStepCheck(deps, signStep, refuseAll);
    await expect(runStepChecks(deps, argsOf('SIGN'))).resolves.toEqual([{ path: 'data.x', message: 'refused' }]);
  });

  it('only the listed steps, once each', () => {
    const deps = {};
    expect(() => registerStepCheck(deps, userinfoStep, refuseAll)).toThrow("USERINFO: its check is the application module's own");
    registerStepCheck(deps, riskStep, refuseAll);
    expect(() => registerStepCheck(deps, riskStep, refuseAll)).toThrow('RISK: a second check registered');
  });
});
