/**
 * Readiness (/readyz): named checks the parts of the service register (the database here; storage and the job
 * queue where they are made: `app.deps.readiness.register('storage', () => storage.ping())`). Each runs with a
 * time-out (READINESS_TIMEOUT_MS) and all run at once; the answer names the failing ones, never why (an error's
 * message can carry a host name or a key id): the reasons go to the log. From SIGTERM on (drain()) the answer is 503
 * whatever the checks say, so that the balancer stops sending before the listener closes.
 *
 * A check registered as not critical (storage) reports "degraded" when it fails, with 200: most calls need no file
 * store (the application's data, the status, the login), so a bucket outage must not take every process out of a
 * probing balancer's rotation; the calls that need it answer 503 "try again" on their own (storage/index.ts).
 */

/** Resolves when the dependency answers; rejects (or outlasts the time-out) when it does not. */
export type ReadinessCheck = () => Promise<unknown>;

export type CheckState = 'ok' | 'failed' | 'timeout';

export interface ReadinessReport {
  status: 'ready' | 'degraded' | 'not ready' | 'draining';
  /** every registered check by name (none while draining: they are not run) */
  checks: Record<string, CheckState>;
  /** the names of the critical checks that did not pass (empty when ready or degraded) */
  failing: string[];
  /** the names of the checks not critical that did not pass (the process still takes calls) */
  degraded: string[];
}

export interface Readiness {
  /** Adds a check; names are short kebab-case words, each registered once. `critical: false`: failing degrades, not unreadies. */
  register(name: string, check: ReadinessCheck, opts?: { critical?: boolean }): void;
  /** From now on the report says `draining` (503). */
  drain(): void;
  readonly draining: boolean;
  /** Runs every check; `onFailure` receives why each failing one failed (for the log). */
  run(onFailure?: (name: string, reason: unknown) => void): Promise<ReadinessReport>;
}

const NAME = /^[a-z][a-z0-9-]{0,31}$/;

class TimedOut extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
    this.name = 'TimedOut';
  }
}

function withTimeout(check: ReadinessCheck, ms: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    Promise.resolve().then(check),
    new Promise((_resolve, reject) => {
      timer = setTimeout(() => reject(new TimedOut(ms)), ms);
      timer.unref();
    }),
  ]).finally(() => clearTimeout(timer));
}

export function createReadiness(timeoutMs: number): Readiness {
  const checks = new Map<string, ReadinessCheck>();
  const optional = new Set<string>();
  let draining = false;
  return {
    register(name, check, opts) {
      if (!NAME.test(name)) throw new Error(`readiness check name ${JSON.stringify(name)}: lower-case letters, digits and -`);
      if (checks.has(name)) throw new Error(`readiness check ${name} is registered twice`);
      checks.set(name, check);
      if (opts?.critical === false) optional.add(name);
    },
    drain() {
      draining = true;
    },
    get draining() {
      return draining;
    },
    async run(onFailure) {
      // draining: no need to ask the dependencies, the answer is 503 anyway
      if (draining) return { status: 'draining', checks: {}, failing: [], degraded: [] };
      const entries = [...checks];
      const states = await Promise.all(
        entries.map(async ([name, check]): Promise<CheckState> => {
          try {
            await withTimeout(check, timeoutMs);
            return 'ok';
          } catch (err) {
            onFailure?.(name, err);
            return err instanceof TimedOut ? 'timeout' : 'failed';
          }
        }),
      );
      const report: Record<string, CheckState> = {};
      entries.forEach(([name], i) => (report[name] = states[i]));
      const notOk = entries.filter((_e, i) => states[i] !== 'ok').map(([name]) => name);
      const failing = notOk.filter((name) => !optional.has(name));
      const degraded = notOk.filter((name) => optional.has(name));
      return { status: draining ? 'draining' : failing.length ? 'not ready' : degraded.length ? 'degraded' : 'ready', checks: report, failing, degraded };
    },
  };
}
