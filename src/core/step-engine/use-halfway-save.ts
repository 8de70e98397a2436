import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ApplicationView } from '../domain/contract';
import { isLockedForEditing } from '../domain/status';
import type { StepName } from '../domain/steps';
import { saveDraft } from '../api/applications';
import { queryKeys } from '../api/keys';
import { takeCommitted } from './committed';

function snapshot(data: unknown): string | null {
  try {
    return data == null ? null : JSON.stringify(data);
  } catch {
    return null;
  }
}

/**
 * The halfway save: when the page is left (route change) or hidden (tab switch, app to background,
 * page closing) the step's current data is saved as a draft — unless Next just saved it, the data did
 * not change since the last save, or the application is locked. getData may return null for "nothing".
 */
export function useHalfwaySave(step: StepName, getData: () => Record<string, unknown> | null | undefined): void {
  const qc = useQueryClient();
  const getRef = useRef(getData);
  useEffect(() => {
    getRef.current = getData;
  });

  useEffect(() => {
    let last = snapshot(getRef.current());
    const save = () => {
      const app = qc.getQueryData<ApplicationView | null>(queryKeys.application());
      if (!app || isLockedForEditing(app.applyStatus, app.clientStatus)) return;
      if (!(app.applyStepsName as string[]).includes(step)) return;
      const data = getRef.current();
      const json = snapshot(data);
      if (!data || json === null || json === last) return;
      last = json;
      void saveDraft({ appId: app.appId, currentStep: step, data });
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') save();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', save);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', save);
      if (takeCommitted(step)) return;
      save();
    };
  }, [qc, step]);
}
