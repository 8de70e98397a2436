/**
 * Watches the phone's connection for every page: going offline says "check your connection" at once, and coming back
 * says so and fetches again what failed meanwhile (React Query resumes paused calls by itself; errored queries are
 * fetched again here), so the applicant does not have to reload.
 */
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useQueryClient } from '@tanstack/react-query';
import { TOAST_MS } from '../domain/errors';
import { toast } from '../ui/toast';

export function ConnectionWatcher(): null {
  const intl = useIntl();
  const qc = useQueryClient();
  useEffect(() => {
    const offline = () => toast.show(intl.formatMessage({ id: 'errors.OFFLINE' }), TOAST_MS);
    const online = () => {
      toast.show(intl.formatMessage({ id: 'errors.ONLINE' }), TOAST_MS);
      void qc.refetchQueries({ predicate: (q) => q.state.status === 'error' });
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, [intl, qc]);
  return null;
}
