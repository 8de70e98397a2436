import { useT } from '@core/i18n';
import { StepPage } from '@core/ui/StepPage';
import { RouteSkeleton } from './RouteSkeleton';

/**
 * What an after-opening screen shows before it can show its account: the skeleton while the account (and what the
 * screen reads of it) loads, or why it cannot: no such account of the user, or its data could not be read.
 */
export function AccountGate({ title, state }: { title: string; state: 'loading' | 'noAccount' | 'loadFailed' }) {
  const t = useT();
  return (
    <StepPage title={title}>
      {state === 'loading' ? (
        <RouteSkeleton />
      ) : (
        <p className="oa-upd__notice" role="note">
          {t(state === 'noAccount' ? 'autoExchange.noAccount' : 'accountUpdate.loadFailed')}
        </p>
      )}
    </StepPage>
  );
}
