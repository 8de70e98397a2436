/**
 * Around every route of the signing page: when the verification expires (any call answers 100008, 100031, 100033 or
 * 100034), the spec's "verification expired, please re-verify" and back to the start with the link's ticket.
 */
import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@core/api/keys';
import { signSession } from '@core/api/org-sign';
import { useT } from '@core/i18n';
import { useToast } from '@core/ui/toast';
import { SIGN_ROUTE } from './routes';

export default function SignFrame({ children }: { children: ReactNode }) {
  const t = useT();
  const navigate = useNavigate();
  const toast = useToast();
  const qc = useQueryClient();
  useEffect(
    () =>
      signSession.onExpired(() => {
        qc.removeQueries({ queryKey: queryKeys.orgSign() });
        toast.show(t('orgSign.expired'));
        navigate(SIGN_ROUTE.index, { replace: true });
      }),
    [navigate, qc, t, toast],
  );
  return children;
}
