/**
 * The correction round's final action (issue 25), around a step route: when Next on the route's step resubmits (a step
 * sent back for correction and every other one fixed: domain resubmitsOnNext), the page's Next reads "Resubmit"
 * (StepPage's NextLabelContext), and the engine's resubmission first asks this gate's confirmation dialog.
 */
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { useApplyDetail } from '../api/shell';
import { RETURN_PARAM, returnStepOf } from '../domain/return-to';
import { resubmitsOnNext, stepOfRoute, type StepName } from '../domain/steps';
import { rejectedStepsOf } from '../domain/status';
import { NextLabelContext } from '../ui/next-label';
import { ResubmitConfirmContext } from './resubmit-confirm';

// the dialog's script is fetched when it is first asked (the gate wraps every route, the first screen's included)
const ConfirmDialog = lazy(() => import('../ui/ConfirmDialog').then((m) => ({ default: m.ConfirmDialog })));

export function ResubmitGate({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const { pathname, search } = useLocation();
  const { data: app } = useApplyDetail();
  const step = stepOfRoute(pathname);
  const steps = (app?.applyStepsName ?? []) as StepName[];
  const rejected = app ? rejectedStepsOf(app) : [];
  // a step opened to fix something for another one (?returnTo) goes back there: its Next resubmits nothing
  const returning = !!step && !!returnStepOf(steps, rejected, step, new URLSearchParams(search).get(RETURN_PARAM));
  const resubmits = !!app && !!step && !returning && resubmitsOnNext(steps, rejected, app.rejectData?.fixed ?? [], step);
  const [pending, setPending] = useState<{ resolve: (ok: boolean) => void } | null>(null);

  const ask = useCallback(() => new Promise<boolean>((resolve) => setPending({ resolve })), []);
  const answer = (ok: boolean) => {
    pending?.resolve(ok);
    setPending(null);
  };

  return (
    <ResubmitConfirmContext.Provider value={ask}>
      <NextLabelContext.Provider value={resubmits ? intl.formatMessage({ id: 'submit.resubmit.action' }) : undefined}>{children}</NextLabelContext.Provider>
      {pending ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            visible
            title={intl.formatMessage({ id: 'submit.resubmit.title' })}
            message={intl.formatMessage({ id: 'submit.resubmit.message' })}
            confirmText={intl.formatMessage({ id: 'submit.resubmit.action' })}
            cancelText={intl.formatMessage({ id: 'submit.resubmit.cancel' })}
            onConfirm={() => answer(true)}
            onCancel={() => answer(false)}
          />
        </Suspense>
      ) : null}
    </ResubmitConfirmContext.Provider>
  );
}
