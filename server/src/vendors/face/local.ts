/**
 * The local face check: engine.ts in child processes (never on the service's request thread; a crash or a stuck
 * check ends only its process). `workers` processes, each started on first use and kept; checks wait in one queue,
 * at most `maxWaiting` of them (more fail at once with FaceBusyError: the caller answers "busy, try again"); a check
 * that outlives `timeoutMs` ends its process (a new one starts for the next check).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { entryFile } from '../../compiled';
import { ffmpegPath } from './ffmpeg';
import { FaceBusyError, type FaceCheckInput, type FaceCheckResult, type FaceVendor } from './types';

export interface LocalFaceOptions {
  workers?: number;
  maxWaiting?: number;
  timeoutMs?: number;
}

interface Job {
  input: FaceCheckInput;
  resolve: (r: FaceCheckResult) => void;
  reject: (e: Error) => void;
}

class Worker {
  private child: ChildProcess | null = null;
  busy = false;

  private start(): ChildProcess {
    // the compiled child beside the compiled service, or under tsx the same TypeScript; it decodes with this process's ffmpeg
    const { file, execArgv } = entryFile('face-worker');
    const child = fork(file, [ffmpegPath()], { execArgv, serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.on('exit', () => {
      if (this.child === child) this.child = null;
    });
    return child;
  }

  /** starts the child and has it load the models (a check sent meanwhile waits behind it in the child's queue) */
  warm(): Promise<void> {
    const child = (this.child ??= this.start());
    return new Promise<void>((resolve, reject) => {
      const onMessage = (m: { warmed?: boolean; error?: string }) => {
        if (m.warmed === undefined) return;
        child.off('message', onMessage);
        if (m.warmed) resolve();
        else reject(new Error(m.error ?? 'the face engine did not load'));
      };
      child.on('message', onMessage);
      child.send({ warm: true });
    });
  }

  run(input: FaceCheckInput, timeoutMs: number): Promise<FaceCheckResult> {
    const child = (this.child ??= this.start());
    this.busy = true;
    return new Promise<FaceCheckResult>((resolve, reject) => {
      const finish = () => {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
        this.busy = false;
      };
      const onMessage = (m: { ok: true; result: FaceCheckResult } | { ok: false; error: string } | { warmed: boolean }) => {
        if ('warmed' in m) return; // the warm-up's answer, not this check's
        finish();
        if (m.ok) resolve({ ...m.result, frame: m.result.frame ? Buffer.from(m.result.frame) : null } as FaceCheckResult);
        else reject(new Error(m.error));
      };
      const onExit = (code: number | null) => {
        finish();
        reject(new Error(`face check process ended (${code})`));
      };
      const timer = setTimeout(() => {
        finish();
        child.kill('SIGKILL');
        reject(new Error(`face check took longer than ${timeoutMs} ms`));
      }, timeoutMs);
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.send({ video: input.video, idPhoto: input.idPhoto });
    });
  }

  stop(): void {
    this.child?.kill();
    this.child = null;
  }
}

export function createLocalFace(opts: LocalFaceOptions = {}): FaceVendor {
  const { workers = 1, maxWaiting = 6, timeoutMs = 45_000 } = opts;
  const pool = Array.from({ length: Math.max(1, workers) }, () => new Worker());
  const queue: Job[] = [];

  const pump = () => {
    for (const w of pool) {
      if (w.busy || !queue.length) continue;
      const job = queue.shift()!;
      w.run(job.input, timeoutMs).then(job.resolve, job.reject).finally(pump);
    }
  };

  return {
    name: 'local',
    check(input) {
      const running = pool.filter((w) => w.busy).length;
      if (queue.length + running >= maxWaiting) return Promise.reject(new FaceBusyError(queue.length + running));
      return new Promise<FaceCheckResult>((resolve, reject) => {
        queue.push({ input, resolve, reject });
        pump();
      });
    },
    async warm() {
      await Promise.all(pool.map((w) => w.warm()));
    },
    async close() {
      for (const job of queue.splice(0)) job.reject(new Error('face check closed'));
      for (const w of pool) w.stop();
    },
  };
}
