/**
 * Live status (issue 28): the applicants' open status pages learn of a change to their application as it happens.
 * The feed is the outbox itself (application_events, written in the transaction of every change): each process
 * that holds open streams reads the events after the last one it saw, once a second, and tells the streams of those
 * applications. Any process can serve any applicant, whichever process (or ops, or the desk) made the change: nothing
 * lives in one process's memory but who listens here.
 * Event ids come from a sequence, and a transaction that took a lower id may commit after a higher one was read: the
 * ids skipped over are asked for again on the next polls for GAP_MS (a rolled-back transaction leaves its id unused
 * for good).
 */
import type { Db } from '../../db';
import * as repo from './repository';

export interface LiveEvent {
  /** the event's id (the stream's Last-Event-ID) */
  id: number;
  appId: string;
  kind: string;
  toStatus: number;
}

type Listener = (e: LiveEvent) => void;
interface Entry {
  fn: Listener;
  /** ends the listener's stream (the server is closing) */
  end: () => void;
}

/** events read per poll (a burst beyond it is read on the next polls) */
const BATCH = 500;
/** how long an id skipped over is looked for (a transaction committing late) */
export const GAP_MS = 10_000;
const MAX_GAP = 1000;

declare module 'fastify' {
  interface FastifyInstance {
    /** live status: who listens to which application here */
    live: LiveHub;
  }
}

export class LiveHub {
  private readonly listeners = new Map<string, Set<Entry>>();
  /** the review desk's streams: every application's events */
  private readonly everyApp = new Set<Entry>();
  private last = 0;
  /** ids skipped over, and since when */
  private readonly gaps = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  private started = false;

  constructor(
    private readonly db: Db,
    private readonly everyMs = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  /** The newest event id now (a new stream starts after it unless it names its own). */
  async head(): Promise<number> {
    return repo.lastEventId(this.db);
  }

  /** The events of one application after `afterId` (a stream's replay from its Last-Event-ID), oldest first. */
  async since(appId: string, afterId: number): Promise<LiveEvent[]> {
    return (await repo.eventsOfAfter(this.db, appId, afterId)).map((r) => ({ id: Number(r.id), appId: r.app_id, kind: r.kind, toStatus: r.to_status }));
  }

  /** Listens to one application's events (`end` closes the stream when the server closes); the returned function stops it. */
  async listen(appId: string, fn: Listener, end: () => void = () => undefined): Promise<() => void> {
    if (!this.started) {
      this.started = true;
      this.last = await this.head();
    }
    let set = this.listeners.get(appId);
    if (!set) this.listeners.set(appId, (set = new Set()));
    const entry: Entry = { fn, end };
    set.add(entry);
    this.schedule();
    return () => {
      const s = this.listeners.get(appId);
      s?.delete(entry);
      if (s && s.size === 0) this.listeners.delete(appId);
    };
  }

  /** Listens to every application's events (the desk's queue and cases); the returned function stops it. */
  async listenAll(fn: Listener, end: () => void = () => undefined): Promise<() => void> {
    if (!this.started) {
      this.started = true;
      this.last = await this.head();
    }
    const entry: Entry = { fn, end };
    this.everyApp.add(entry);
    this.schedule();
    return () => void this.everyApp.delete(entry);
  }

  /** How many streams this process holds. */
  get size(): number {
    let n = 0;
    for (const s of this.listeners.values()) n += s.size;
    return n + this.everyApp.size;
  }

  private schedule() {
    if (this.timer || (this.listeners.size === 0 && this.everyApp.size === 0)) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.polling = this.poll().finally(() => {
        this.polling = null;
        this.schedule();
      });
    }, this.everyMs);
    this.timer.unref();
  }

  /** Reads the events after the last one seen (and those skipped over lately) and hands each to its listeners. */
  async poll(): Promise<void> {
    const now = this.now();
    for (const [id, since] of this.gaps) if (now - since > GAP_MS) this.gaps.delete(id);
    const rows = await repo.eventsAfter(this.db, this.last, [...this.gaps.keys()], BATCH);
    for (const r of rows) {
      const id = Number(r.id);
      if (id > this.last) {
        // (a jump of the sequence past MAX_GAP, e.g. after a restore, is not a run of late transactions)
        if (id - this.last <= MAX_GAP) for (let skipped = this.last + 1; skipped < id; skipped++) this.gaps.set(skipped, now);
        this.last = id;
      } else if (!this.gaps.delete(id)) continue;
      const set = this.listeners.get(r.app_id);
      if (!set && this.everyApp.size === 0) continue;
      const e: LiveEvent = { id, appId: r.app_id, kind: r.kind, toStatus: r.to_status };
      for (const entry of [...(set ?? []), ...this.everyApp]) entry.fn(e);
    }
  }

  /** Ends every stream and stops polling. */
  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const entries = [...[...this.listeners.values()].flatMap((s) => [...s]), ...this.everyApp];
    this.listeners.clear();
    this.everyApp.clear();
    for (const e of entries) e.end();
    await this.polling;
  }
}
