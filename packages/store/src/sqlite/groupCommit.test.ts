import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isWrongExpectedVersionError } from '../ports/WrongExpectedVersionError.js';
import { someEvents } from '../testing/helpers.js';
import { openSqliteDatabase } from './openSqliteDatabase.js';
import { openSqliteStore } from './openSqliteStore.js';
import { tempStoreFile } from './testing/tempStoreFile.js';

describe.each([
  ['on the writer thread', true],
  ['on the event loop (writerThread: false)', false],
])('group commit of appends %s', (_where, writerThread) => {
  let file: string;
  let cleanup: () => void;
  beforeEach(() => ({ file, cleanup } = tempStoreFile()));
  afterEach(() => cleanup());

  it('given a burst with one conflicting append, then the conflict alone is rejected and the rest commit in order', async () => {
    const store = await openSqliteStore({ file, writerThread });
    await store.eventStore.append('order-1', someEvents(1));
    const outcomes = await Promise.allSettled([
      store.eventStore.append('a', someEvents(1)),
      store.eventStore.append('order-1', someEvents(1), { expectedVersion: 5 }), // conflict
      store.eventStore.append('b', someEvents(2)),
      store.eventStore.append('order-1', someEvents(1), { expectedVersion: 0 }),
      store.eventStore.append('order-1', someEvents(1), { expectedVersion: 1 }), // sees the previous one of the same group
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect(isWrongExpectedVersionError((outcomes[1] as PromiseRejectedResult).reason)).toBe(true);
    const log = await store.eventStore.readAll();
    expect(log.map((e) => `${e.streamId}@${e.streamVersion}`)).toEqual(['order-1@0', 'a@0', 'b@0', 'b@1', 'order-1@1', 'order-1@2']);
    expect(log.map((e) => e.globalPosition)).toEqual([1, 2, 3, 4, 5, 6]);
    await store.close();
  });

  it('given appends still queued, when the store closes, then they are committed first; later appends are refused', async () => {
    const store = await openSqliteStore({ file, writerThread });
    const pending = store.eventStore.append('order-1', someEvents(3));
    await store.close();
    await expect(pending).resolves.toEqual({ nextExpectedVersion: 2, lastPosition: 3 });
    await expect(store.eventStore.append('order-1', someEvents(1))).rejects.toThrow(/closed/);
    const reopened = await openSqliteStore({ file, writerThread });
    expect(await reopened.eventStore.readStream('order-1')).toHaveLength(3);
    await reopened.close();
  });

  it('given another connection holding the write lock, when appends wait for it, then the event loop keeps running and they commit after its release', async () => {
    const store = await openSqliteStore({ file, writerThread });
    const other = openSqliteDatabase({ file, synchronous: 'FULL', busyTimeoutMs: 5000 });
    other.exec('BEGIN IMMEDIATE');
    const appended = store.eventStore.append('order-1', someEvents(2));
    let released = false;
    let settled: 'before the release' | 'after the release' | undefined;
    void appended.finally(() => void (settled = released ? 'after the release' : 'before the release'));
    // A blocking wait inside SQLite would hold this timer back until the append had given up (the
    // lock is released on this very thread), so the timer would find it settled.
    const pendingWhenTimerRan = await new Promise<boolean>((resolve) => setTimeout(() => resolve(settled === undefined), 5));
    expect(pendingWhenTimerRan).toBe(true);
    other.exec('COMMIT');
    released = true;
    await expect(appended).resolves.toEqual({ nextExpectedVersion: 1, lastPosition: 2 });
    expect(settled).toBe('after the release');
    other.close();
    await store.close();
  });

  it('given the write lock held longer than the busy timeout, then the waiting appends fail with SQLITE_BUSY and nothing of them is stored', async () => {
    const store = await openSqliteStore({ file, busyTimeoutMs: 40, writerThread });
    const other = openSqliteDatabase({ file, synchronous: 'FULL', busyTimeoutMs: 5000 });
    other.exec('BEGIN IMMEDIATE');
    const outcomes = await Promise.allSettled([store.eventStore.append('a', someEvents(1)), store.eventStore.append('b', someEvents(1))]);
    other.exec('COMMIT');
    expect(outcomes.map((o) => o.status === 'rejected' && (o.reason as { code?: string }).code)).toEqual(['SQLITE_BUSY', 'SQLITE_BUSY']);
    expect(await store.eventStore.readAll()).toEqual([]);
    await expect(store.eventStore.append('c', someEvents(1))).resolves.toMatchObject({ lastPosition: 1 });
    other.close();
    await store.close();
  });
});
