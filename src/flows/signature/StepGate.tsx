/**
 * A step screen's gate: without a session (a reload, or the verification expired) back to the start; while the
 * ticket's state loads the skeleton; when the current step is another one, there (the service refuses a step out of
 * turn anyway, 152304).
 */
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { signSession } from '@core/api/org-sign';
import type { Res } from '@core/domain/contract';
import { currentSignStep, type OrgSignStep } from '@core/domain/org-sign';
import { PageSkeleton } from '@core/app/account-page-routes';
import { useT } from '@core/i18n';
import { StepPage } from '@core/ui/StepPage';
import { SIGN_ROUTE } from './routes';
import { useSignDetail } from './use-sign';

export type SignDetail = Res<'signApplyDetail'>;

export function StepGate({ step, children }: { step: OrgSignStep | 'result'; children: (detail: SignDetail) => ReactNode }) {
  const t = useT();
  const detail = useSignDetail();
  if (!signSession.get()) return <Navigate to={SIGN_ROUTE.index} replace />;
  if (detail.isPending) return <PageSkeleton />;
  if (!detail.data) {
    return (
      <StepPage title={t('orgSign.title')}>
        <p className="org-sign__notice" role="alert">
          {t('orgSign.loadFailed')}
        </p>
        <button type="button" className="org-sign__secondary" onClick={() => void detail.refetch()}>
          {t('common.retry')}
        </button>
      </StepPage>
    );
  }
  const current = currentSignStep(detail.data);
  if (step !== current && step !== 'result') return <Navigate to={SIGN_ROUTE[current]} replace />;
  return <>{children(detail.data)}</>;
}
