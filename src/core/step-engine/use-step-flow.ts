/**
 * The step engine's React side (the pure rules are in domain/steps.ts and domain/after-submit.ts).
 * next(data): ApplyUpdate, then the following step of applyStepsName (STATEMENT last when the local skip
 * flag is "1"), or ApplySubmit on the last step and the after-submit route. Under a rejection (status 1900-1904
 * with rejectData.steps) Next and Back move between the rejected steps only (domain nextMoveUnderRejection: Next goes
 * to the next step still to fix), and Next once every other rejected step is fixed resubmits, after the flow's
 * confirmation (ResubmitGate; cancelled: nothing is sent). Before a submit the flow's gate may ask (the channel-change
 * dialog). Debounced 1 s; a press while a save is in flight is refused with the "no repeat" toast.
 * "Return to": a step opened with `?returnTo=<STEP>` (domain return-to.ts: a step the applicant may open) goes back
 * there after its save, and on Back, instead of through the steps in between.
 * After a submit the route being left is marked (useRouteLeave) before the submitted application reaches the cache, so
 * that its guard, which sees a submitted application while the next screen loads, does not bounce the applicant away
 * from the after-submit route.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { ApplicationView } from '../domain/contract';
import { behaviourOf, ErrorCode } from '../domain/errors';
import { NEXT_DEBOUNCE_MS } from '../domain/limits';
import { isLockedForEditing, rejectedStepsOf } from '../domain/status';
import {
  HOME_ROUTE,
  STEP_ROUTE,
  firstStepOfSubmitIssues,
  nextMove,
  nextMoveUnderRejection,
  orderSteps,
  previousStep,
  previousStepUnderRejection,
  progressOf,
  resubmitsOnNext,
  type NextMove,
  type Progress,
  type StepName,
} from '../domain/steps';
import { afterSubmitRoute, statusRouteOf } from '../domain/after-submit';
import { RETURN_PARAM, returnStepOf } from '../domain/return-to';
import { useRouteLeave } from '../router/guard';
import { bridge, STORAGE_KEY } from '../bridge/bridge';
import { ApiError } from '../api/api-error';
import { applyDetailQuery, useApplyDetail, applyUpdate, saveDraft as sendDraft, applySubmit } from '../api/applications';
import { useApiErrorHandler } from '../api/errors';
import { queryKeys } from '../api/keys';
import { toast } from '../ui/toast';
import { markCommitted } from './committed';
import { useBeforeSubmit } from './submit-gate';
import { useConfirmResubmit } from './resubmit-confirm';

export const STATEMENT_SKIP_KEY = STORAGE_KEY.statementSkipType;
export { HOME_ROUTE };
export const STATEMENT_SUPPLEMENT_ROUTE = '/statement?supplement=supplement';

export type StepPhase = 'save' | 'submit';

export interface StepFlowOptions {
  /** a screen's own handling; return true when handled (the general catalogue is then skipped) */
  onError?: (err: unknown, phase: StepPhase) => boolean | void;
}

/** Per press of Next. */
export interface NextOptions {
  /**
   * submit right after the save whatever the step's place in the list (the statement page in supplement mode:
   * the applicant was sent there by 150211 on submit and comes back to submit)
   */
  submit?: boolean;
}

export interface StepFlow {
  progress: Progress | undefined;
  /** translated "n of 5" / "n of 6"; '' when the step has no number */
  progressLabel: string;
  next: (data: Record<string, unknown>, options?: NextOptions) => Promise<void>;
  back: () => Promise<void>;
  saveDraft: (data: Record<string, unknown>) => Promise<void>;
  isSaving: boolean;
  application: ApplicationView | null | undefined;
}

/** The steps sent back for correction, when the application is under a rejection (else none): the domain's rule. */
export { rejectedStepsOf };

/** The step list in the order Next follows (STATEMENT moved last when the local skip flag is "1"). */
export async function orderedStepsOf(app: Pick<ApplicationView, 'applyStepsName'>): Promise<StepName[]> {
  const skip = (await bridge.storage.get(STATEMENT_SKIP_KEY)) === '1';
  return orderSteps(app.applyStepsName as StepName[], skip);
}

export function useStepFlow(step: StepName, opts: StepFlowOptions = {}): StepFlow {
  const intl = useIntl();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const onApiError = useApiErrorHandler();
  const beforeSubmit = useBeforeSubmit();
  const confirmResubmit = useConfirmResubmit();
  const leaveRoute = useRouteLeave();
  const returnParam = new URLSearchParams(useLocation().search).get(RETURN_PARAM);
  const { data: application } = useApplyDetail();
  const [isSaving, setSaving] = useState(false);
  const inFlight = useRef(false);
  const lastPress = useRef(0);
  const optsRef = useRef(opts);
  useEffect(() => {
    optsRef.current = opts;
  });

  const progress = application ? progressOf(application.clientType, step, application.applyStepsName as StepName[]) : undefined;
  const progressLabel = progress ? intl.formatMessage({ id: 'common.progress' }, { current: progress.current, total: progress.total }) : '';

  const current = useCallback(
    (): ApplicationView | null | undefined => qc.getQueryData<ApplicationView | null>(queryKeys.application()) ?? application,
    [qc, application],
  );

  const next = useCallback(
    async (data: Record<string, unknown>, options: NextOptions = {}) => {
      if (inFlight.current) {
        toast.show(intl.formatMessage({ id: 'common.noRepeat' }));
        return;
      }
      const now = Date.now();
      if (now - lastPress.current < NEXT_DEBOUNCE_MS) return;
      lastPress.current = now;
      const app = current() ?? (await qc.fetchQuery(applyDetailQuery()).catch(() => null));
      if (!app) {
        navigate(HOME_ROUTE);
        return;
      }
      // the correction round's final action: asked before anything is sent (cancelled: the page stays as it is)
      const rejectedBefore = rejectedStepsOf(app);
      // a step opened to fix something for another one (?returnTo) goes back there, so it resubmits nothing
      const returning = !options.submit && !!returnStepOf(app.applyStepsName as StepName[], rejectedBefore, step, returnParam);
      const resubmission =
        rejectedBefore.length > 0 &&
        !returning &&
        (!!options.submit || resubmitsOnNext(app.applyStepsName as StepName[], rejectedBefore, app.rejectData?.fixed ?? [], step));
      if (resubmission && confirmResubmit && !(await confirmResubmit())) return;
      inFlight.current = true;
      setSaving(true);
      let phase: StepPhase = 'save';
      try {
        const saved = await applyUpdate({ appId: app.appId, currentStep: step, data });
        qc.setQueryData(queryKeys.application(), saved.application);
        markCommitted(step);
        const steps = await orderedStepsOf(saved.application);
        const rejected = rejectedStepsOf(saved.application);
        const returnTo = options.submit ? undefined : returnStepOf(steps, rejected, step, returnParam);
        if (returnTo) {
          navigate(STEP_ROUTE[returnTo], { replace: true });
          return;
        }
        const move: NextMove = options.submit
          ? { kind: 'submit' }
          : rejected.length
            ? nextMoveUnderRejection(steps, rejected, saved.application.rejectData?.fixed ?? [], step)
            : nextMove(steps, step);
        // a resubmission found only now (the others were fixed elsewhere meanwhile) is asked too; cancelled: the page stays
        if (move.kind === 'submit' && rejected.length && !resubmission && confirmResubmit && !(await confirmResubmit())) return;
        if (move.kind === 'step') {
          navigate(STEP_ROUTE[move.step]);
        } else if (move.kind === 'submit') {
          phase = 'submit';
          const extras = beforeSubmit ? await beforeSubmit(saved.application) : {};
          const submitted = await applySubmit({ appId: app.appId, ...extras });
          leaveRoute();
          qc.setQueryData(queryKeys.application(), submitted.application);
          navigate(afterSubmitRoute(submitted.application, rejected), { replace: true });
        } else {
          console.error(`step ${step} is not in the application's step list`, steps);
          if (saved.nextStep) navigate(STEP_ROUTE[saved.nextStep as StepName]);
        }
      } catch (err) {
        if (optsRef.current.onError?.(err, phase)) return;
        if (phase === 'submit' && err instanceof ApiError) {
          if (err.code === ErrorCode.NEED_STATEMENT) {
            navigate(STATEMENT_SUPPLEMENT_ROUTE);
            return;
          }
          // a step not saved or no longer valid (100400 naming steps.<STEP>): the toast, then that step to complete it
          // (only one the applicant may edit: under a rejection, a rejected one)
          if (err.code === ErrorCode.INVALID_INPUT) {
            const issues = (err.data as { issues?: { path: string }[] } | undefined)?.issues ?? [];
            const latest = current();
            const rejected = latest ? rejectedStepsOf(latest) : [];
            const editable = latest ? (latest.applyStepsName as StepName[]).filter((s) => !rejected.length || rejected.includes(s)) : [];
            const to = firstStepOfSubmitIssues(editable, issues);
            toast.show(intl.formatMessage({ id: 'core.submitFailed' }));
            if (to && to !== step) navigate(STEP_ROUTE[to]);
            return;
          }
          // 151212 (the agent code / channel sent was refused) keeps its own message and 3 s toast (general catalogue)
          if (behaviourOf(err.code).kind === 'toast' && err.code !== ErrorCode.CHANNEL_INCORRECT) {
            toast.show(intl.formatMessage({ id: 'core.submitFailed' }));
            return;
          }
        }
        onApiError(err);
      } finally {
        inFlight.current = false;
        setSaving(false);
      }
    },
    [beforeSubmit, confirmResubmit, current, intl, leaveRoute, navigate, onApiError, qc, returnParam, step],
  );

  const back = useCallback(async () => {
    const app = current();
    if (!app) {
      navigate(HOME_ROUTE);
      return;
    }
    const steps = await orderedStepsOf(app);
    const rejected = rejectedStepsOf(app);
    const returnTo = returnStepOf(steps, rejected, step, returnParam);
    if (returnTo) {
      navigate(STEP_ROUTE[returnTo], { replace: true });
      return;
    }
    if (rejected.length) {
      // within the rejected steps; before the first of them, the status page (the reason and the supplement button)
      const prev = previousStepUnderRejection(steps, rejected, step);
      navigate(prev ? STEP_ROUTE[prev] : statusRouteOf(app.clientType));
      return;
    }
    const prev = previousStep(steps, step);
    navigate(prev ? STEP_ROUTE[prev] : HOME_ROUTE);
  }, [current, navigate, returnParam, step]);

  const saveDraft = useCallback(
    async (data: Record<string, unknown>) => {
      const app = current();
      if (!app || isLockedForEditing(app.applyStatus, app.clientStatus)) return;
      await sendDraft({ appId: app.appId, currentStep: step, data });
    },
    [current, step],
  );

  return { progress, progressLabel, next, back, saveDraft, isSaving, application };
}
