import { useSyncExternalStore } from 'react';
import { stepOfRoute, type StepName } from '../domain/steps';

/** The step of the route being shown (recorded by the route guard). */
let current: StepName | undefined;
const listeners = new Set<() => void>();

export function recordProgressStep(pathname: string): void {
  const step = stepOfRoute(pathname);
  if (step === current) return;
  current = step;
  listeners.forEach((l) => l());
}

export function currentProgressStep(): StepName | undefined {
  return current;
}

export function useProgressStep(): StepName | undefined {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    currentProgressStep,
    currentProgressStep,
  );
}
