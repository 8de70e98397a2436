import type { StepName } from '../domain/steps';

/** Steps whose Next just saved them: the halfway save of the page being left is then skipped. */
const committed = new Map<StepName, number>();
const TTL_MS = 5000;

export function markCommitted(step: StepName): void {
  committed.set(step, Date.now());
}

export function takeCommitted(step: StepName): boolean {
  const at = committed.get(step);
  committed.delete(step);
  return at !== undefined && Date.now() - at < TTL_MS;
}
