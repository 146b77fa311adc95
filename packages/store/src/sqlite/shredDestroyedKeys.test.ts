import { describe, expect, it } from 'vitest';
import type { WriteOutcome } from './groupCommit.js';
import type { SqliteDatabase } from './openSqliteDatabase.js';
import { shredDestroyedKeys, TRUNCATE_RETRY_MS, TRUNCATE_RETRY_STEP_MS } from './shredDestroyedKeys.js';

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
  it("given the store's background checkpoint running when a key is destroyed, when the truncating checkpoint answers busy twice, then it is tried again until it runs", () => {
    const { db, calls } = connectionBusyFor(2);
    const waits: number[] = [];
    shredDestroyedKeys(db, destroyed, (ms) => void waits.push(ms));
    expect(calls).toEqual(['wal_checkpoint(TRUNCATE)', 'wal_checkpoint(TRUNCATE)', 'wal_checkpoint(TRUNCATE)']);
    expect(waits).toEqual([TRUNCATE_RETRY_STEP_MS, TRUNCATE_RETRY_STEP_MS]);
  });

  it('issue 40, point 8: given a checkpoint that stays busy, when a key is destroyed, then it is tried again after each pause until the pauses add up to 250 ms, then given up', () => {
    // given
    const { db, calls } = connectionBusyFor(Number.POSITIVE_INFINITY);
    const waits: number[] = [];
    // when: the pauses are counted, not slept (issue 40, point 8)
    shredDestroyedKeys(db, destroyed, (ms) => void waits.push(ms));
    // then
    expect(TRUNCATE_RETRY_MS).toBe(250);
    expect(waits.every((ms) => ms === TRUNCATE_RETRY_STEP_MS)).toBe(true);
    expect(waits.reduce((sum, ms) => sum + ms, 0)).toBe(TRUNCATE_RETRY_MS);
    expect(calls).toHaveLength(waits.length + 1);
  });

  it('given a group that destroyed no key, then no checkpoint runs', () => {
    const { db, calls } = connectionBusyFor(0);
    shredDestroyedKeys(db, [
      { ok: true, operation: { kind: 'setCheckpoint', name: 'c', position: 1, at: 1 }, result: null, tag: undefined },
    ] as unknown as WriteOutcome<unknown>[]);
    expect(calls).toEqual([]);
  });
});
