import { describe, expect, it } from 'vitest';
import type { WriteOutcome } from './groupCommit.js';
import type { SqliteDatabase } from './openSqliteDatabase.js';
import { shredDestroyedKeys } from './shredDestroyedKeys.js';

/** A connection whose truncating checkpoint answers busy `busyTimes` times (another checkpoint running), then succeeds. */
function connectionBusyFor(busyTimes: number): { db: SqliteDatabase; calls: string[] } {
  const calls: string[] = [];
  const db = {
    memory: false,
    pragma(text: string) {
      calls.push(text);
      return [{ busy: calls.length <= busyTimes ? 1 : 0, log: 0, checkpointed: 0 }];
    },
  } as unknown as SqliteDatabase;
  return { db, calls };
}

const destroyed = [{ ok: true, operation: { kind: 'destroyKey', keyId: 'k' }, result: true, tag: undefined }] as unknown as WriteOutcome<unknown>[];

describe('shredDestroyedKeys', () => {
  it('given the store\'s background checkpoint running when a key is destroyed, when the truncating checkpoint answers busy twice, then it is tried again until it runs', () => {
    const { db, calls } = connectionBusyFor(2);
    shredDestroyedKeys(db, destroyed);
    expect(calls).toEqual(['wal_checkpoint(TRUNCATE)', 'wal_checkpoint(TRUNCATE)', 'wal_checkpoint(TRUNCATE)']);
  });

  it('given a checkpoint that stays busy, when a key is destroyed, then the retries stop after about 250 ms', () => {
    const { db, calls } = connectionBusyFor(Number.POSITIVE_INFINITY);
    const started = performance.now();
    shredDestroyedKeys(db, destroyed);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(calls.length).toBeGreaterThan(2);
  });

  it('given a group that destroyed no key, then no checkpoint runs', () => {
    const { db, calls } = connectionBusyFor(0);
    shredDestroyedKeys(db, [{ ok: true, operation: { kind: 'setCheckpoint', name: 'c', position: 1, at: 1 }, result: null, tag: undefined }] as unknown as WriteOutcome<unknown>[]);
    expect(calls).toEqual([]);
  });
});
