/**
 * Live status (issue 28): while a status page is open, the service tells it when its application changed (a
 * decision of staff, a deposit confirmed) over server-sent events (StatusStream); the page then reads the application
 * again (ApplyDetail, ciphered as always: the stream carries no data, only that something changed). Where the stream
 * cannot be had (no EventSource, a proxy that buffers it, repeated errors), the application is read every
 * POLL_MS instead. A phone's browser drops the stream in the background: it is opened again when the page is shown.
 */
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { APP_CALLS as CALLS } from '@core/domain/calls';
import { queryKeys } from './keys';
import { useApplyDetail } from './shell';

/** the fallback's pace when there is no stream */
export const LIVE_POLL_MS = 15_000;
/** the stream's event name for a change of the application */
export const LIVE_EVENT = 'status';
/** errors in a row before the page falls back to polling (the browser itself reconnects in between) */
const ERRORS_BEFORE_POLLING = 3;

/**
 * Keeps the user's application fresh while `enabled`. Answers the refetch interval the page's query should use:
 * false while the stream works, LIVE_POLL_MS without it.
 */
export function useLiveStatus(enabled = true): number | false {
  const queryClient = useQueryClient();
  const [polling, setPolling] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    if (typeof EventSource === 'undefined') {
      setPolling(true);
      return;
    }
    let source: EventSource | null = null;
    let errors = 0;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.application() });
    const open = () => {
      if (source) return;
      source = new EventSource(CALLS.statusStream.path, { withCredentials: true });
      source.addEventListener(LIVE_EVENT, () => {
        errors = 0;
        refresh();
      });
      source.addEventListener('open', () => {
        errors = 0;
        setPolling(false);
      });
      // no application to follow yet: read it at the polling pace (the stream is opened again when the page is shown)
      source.addEventListener('none', () => {
        close();
        setPolling(true);
      });
      source.addEventListener('error', () => {
        errors++;
        if (errors >= ERRORS_BEFORE_POLLING) setPolling(true);
      });
    };
    const close = () => {
      source?.close();
      source = null;
    };
    // back in view: a stream dropped in the background is opened again, and what changed meanwhile is read
    const shown = () => {
      if (document.visibilityState !== 'visible') return;
      if (!source || source.readyState === EventSource.CLOSED) {
        close();
        open();
      }
      refresh();
    };
    open();
    document.addEventListener('visibilitychange', shown);
    window.addEventListener('pageshow', shown);
    return () => {
      document.removeEventListener('visibilitychange', shown);
      window.removeEventListener('pageshow', shown);
      close();
    };
  }, [enabled, queryClient]);
  return polling ? LIVE_POLL_MS : false;
}

/** A status page's live application: the stream while it works, polling without it. */
export function useLiveApplication(): void {
  const refetchInterval = useLiveStatus();
  useApplyDetail({ refetchInterval });
}
