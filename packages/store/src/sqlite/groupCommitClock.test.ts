import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WriteOperation } from '../writer/writeOperations.js';
import { prepareExecuteWrite } from './executeWrite.js';
import { createGroupCommitter, type WriteOutcome } from './groupCommit.js';
import { closeSqliteDatabase, openSqliteDatabase, type SqliteDatabase } from './openSqliteDatabase.js';
import { openSqliteStore } from './openSqliteStore.js';
import { tempStoreFile } from './testing/tempStoreFile.js';

const HOUR = 3_600_000;
const BUSY_TIMEOUT_MS = 1_000;
const checkpoint: WriteOperation = { kind: 'setCheckpoint', name: 'projector', position: 1, at: 1 };

describe('group commit waiting for the write lock when the wall clock jumps (issue 32, point 3)', () => {
  let file: string;
  let cleanup: () => void;
  let db: SqliteDatabase;
  let other: SqliteDatabase;
  beforeEach(async () => {
    ({ file, cleanup } = tempStoreFile());
    await (await openSqliteStore({ file, writerThread: false })).close(); // the schema
    db = openSqliteDatabase({ file, synchronous: 'FULL', busyTimeoutMs: BUSY_TIMEOUT_MS, planner: false });
    other = openSqliteDatabase({ file, synchronous: 'FULL', busyTimeoutMs: BUSY_TIMEOUT_MS, planner: false });
    other.exec('BEGIN IMMEDIATE'); // another process holds the write lock
  });
  afterEach(() => {
    vi.useRealTimers();
    if (other.inTransaction) other.exec('ROLLBACK');
    closeSqliteDatabase(other);
    closeSqliteDatabase(db);
    cleanup();
  });

  /**
   * A committer of one write on a monotonic clock the test sets; `waited(n)` resolves once the
   * group has looked at that clock `n` times, that is tried for the lock `n` times.
   */
  function committerOnClock() {
    let elapsed = 0;
    let looks = 0;
    const lookWaiters: { at: number; resolve: () => void }[] = [];
    let answer: (outcomes: WriteOutcome<number>[]) => void = () => undefined;
    const outcome = new Promise<WriteOutcome<number>[]>((resolve) => (answer = resolve));
    const committer = createGroupCommitter<number>(db, prepareExecuteWrite(db), {
      busyTimeoutMs: BUSY_TIMEOUT_MS,
      onGroup: (outcomes) => answer([...outcomes]),
      elapsed: () => {
        looks += 1;
        for (const waiter of lookWaiters.filter((w) => looks >= w.at)) waiter.resolve();
        return elapsed;
      },
    });
    committer.enqueue({ operation: checkpoint, tag: 1 });
    return {
      outcome,
      set: (ms: number) => void (elapsed = ms),
      waited: (times: number) => new Promise<void>((resolve) => lookWaiters.push({ at: looks + times, resolve })),
    };
  }

  it('issue 32, point 3: given a group waiting for the lock and the wall clock set forward an hour, when the lock is released within the busy timeout, then the group commits', async () => {
    // given
    const c = committerOnClock();
    await c.waited(1);
    // when
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + HOUR });
    await Promise.race([c.waited(3), c.outcome]); // a few more tries, or its answer if it gave up
    other.exec('COMMIT');
    // then
    const [outcome] = await c.outcome;
    expect(outcome?.ok).toBe(true);
  });

  it('issue 32, point 3: given a group waiting for the lock and the wall clock set back an hour, when the busy timeout passes, then the group gives up with SQLITE_BUSY (its writers are not kept waiting the hour)', async () => {
    // given
    const c = committerOnClock();
    await c.waited(1);
    // when
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - HOUR });
    c.set(BUSY_TIMEOUT_MS);
    const settled = await Promise.race([c.outcome, c.waited(20).then(() => 'still waiting' as const)]);
    // then
    expect(settled).not.toBe('still waiting');
    const [outcome] = settled === 'still waiting' ? [] : settled;
    expect(outcome).toMatchObject({ ok: false, error: { code: 'SQLITE_BUSY' } });
  });
});
