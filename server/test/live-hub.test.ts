/**
 * The live status hub (issue 28) reads the outbox by id. A transaction that took a lower id may commit after a higher
 * one was read: the hub asks for the ids it skipped over on its next polls, for a while.
 */
import type { Db } from '../src/db';
import { GAP_MS, LiveHub } from '../src/modules/live/hub';

/** An outbox whose rows the test commits one by one (what a query sees is what was committed). */
function outbox() {
  const committed: { id: string; app_id: string; kind: string; to_status: number }[] = [];
  const db = {
    kind: 'pglite',
    close: async () => undefined,
    transaction: async () => {
      throw new Error('not used');
    },
    query: async (sql: string, params: unknown[] = []) => {
      if (/max\(id\)/.test(sql)) return { rows: [{ id: committed.length ? Math.max(...committed.map((r) => Number(r.id))) : 0 }] };
      if (/OR id = ANY/.test(sql)) {
        const [last, limit, also] = params as [number, number, number[]];
        return { rows: committed.filter((r) => Number(r.id) > last || also.includes(Number(r.id))).sort((a, b) => Number(a.id) - Number(b.id)).slice(0, limit) };
      }
      throw new Error(`unexpected ${sql}`);
    },
  } as unknown as Db;
  return { db, commit: (id: number, appId = 'A1', toStatus = 1200) => committed.push({ id: String(id), app_id: appId, kind: 'status', to_status: toStatus }) };
}

test('an event committed after a later one is still heard, once; other applications are not', async () => {
  const { db, commit } = outbox();
  const hub = new LiveHub(db, 60_000, () => 0);
  const heard: number[] = [];
  await hub.listen('A1', (e) => heard.push(e.id));
  commit(1);
  commit(3);
  commit(4, 'B2');
  await hub.poll();
  expect(heard).toEqual([1, 3]);
  // 2 commits late: heard on the next poll, and only once
  commit(2);
  await hub.poll();
  await hub.poll();
  expect(heard).toEqual([1, 3, 2]);
  await hub.close();
});

test('an id skipped over for longer than GAP_MS is given up (a rolled-back transaction never commits it)', async () => {
  const { db, commit } = outbox();
  let now = 0;
  const hub = new LiveHub(db, 60_000, () => now);
  const heard: number[] = [];
  await hub.listen('A1', (e) => heard.push(e.id));
  commit(1);
  commit(3);
  await hub.poll();
  now += GAP_MS + 1;
  await hub.poll();
  commit(2);
  await hub.poll();
  expect(heard).toEqual([1, 3]);
  await hub.close();
});

test('closing the hub ends every stream', async () => {
  const { db } = outbox();
  const hub = new LiveHub(db, 60_000);
  const ended: string[] = [];
  await hub.listen('A1', () => undefined, () => ended.push('A1'));
  await hub.listen('B2', () => undefined, () => ended.push('B2'));
  expect(hub.size).toBe(2);
  await hub.close();
  expect(ended.sort()).toEqual(['A1', 'B2']);
});
