/**
 * The desk follows the applications live: the service's staff stream (server-sent events fed from the outbox, as the
 * applicants' status pages are) says which application changed, and the queue and any open case are read again.
 * The browser reconnects by itself; back in view, a dropped stream is opened again and everything read again.
 */
import { useEffect, useRef } from 'react';
import { useInvalidate } from '@refinedev/core';
import { CALLS } from '@core/domain/calls-all';
import { APPLICATIONS } from '../providers';

export function useLiveApplications(onChange?: (appId: string) => void): void {
  const invalidate = useInvalidate();
  const listener = useRef(onChange);
  listener.current = onChange;
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    const refresh = (appId?: string) => {
      void invalidate({ resource: APPLICATIONS, invalidates: appId ? ['list', 'detail'] : ['all'], ...(appId ? { id: appId } : {}) });
      if (appId) listener.current?.(appId);
    };
    const open = () => {
      if (source) return;
      source = new EventSource(CALLS.staffStream.path, { withCredentials: true });
      // data: the application's id, as JSON
      source.addEventListener('change', (e) => {
        try {
          const appId: unknown = JSON.parse(String((e as MessageEvent).data));
          if (typeof appId === 'string') refresh(appId);
        } catch {
          refresh();
        }
      });
    };
    const shown = () => {
      if (document.visibilityState !== 'visible') return;
      if (!source || source.readyState === EventSource.CLOSED) {
        source?.close();
        source = null;
        open();
      }
      refresh();
    };
    open();
    document.addEventListener('visibilitychange', shown);
    return () => {
      document.removeEventListener('visibilitychange', shown);
      source?.close();
    };
  }, [invalidate]);
}
