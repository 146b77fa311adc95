import type { SqliteDatabase } from './openSqliteDatabase.js';
import { asStoreUnavailable } from '../ports/StoreUnavailableError.js';
import type { WriteOperation, WriteResult } from '../writer/writeOperations.js';

/** One write waiting for the next group, with whatever its submitter needs to answer it. */
export type Submission<Tag> = { readonly operation: WriteOperation; readonly tag: Tag };

/** How one write of a committed (or failed) group ended. */
export type WriteOutcome<Tag> =
  | { readonly tag: Tag; readonly operation: WriteOperation; readonly ok: true; readonly result: WriteResult }
  | { readonly tag: Tag; readonly operation: WriteOperation; readonly ok: false; readonly error: unknown };

/** Queues writes and commits them in groups. */
export type GroupCommitter<Tag> = {
  /** Queues a write for the next group. */
  enqueue(submission: Submission<Tag>): void;
  /** Commits everything queued, synchronously (waiting for another process's lock if it must), then refuses new writes. */
  close(): void;
};

/** Options of the group committer. */
export type GroupCommitOptions<Tag> = {
  /** The connection's busy timeout (restored after each attempt), and how long a group may wait for another connection's write lock. */
  readonly busyTimeoutMs: number;
  /**
   * Receives every group's outcomes, in submission order, once its COMMIT returned (durable under
   * synchronous=FULL), or once it failed as a whole; nothing of a failed write is stored. With
   * `headPosition`, a committed group with appends also gets the head of the log as it was
   * before them: the group held the write lock, so its events are exactly the positions after it.
   */
  readonly onGroup: (outcomes: readonly WriteOutcome<Tag>[], headBefore?: number) => void;
  /** The log's last position, read inside the group's transaction before its first write. */
  readonly headPosition?: () => number;
  /**
   * Monotonic milliseconds, default performance.now: how long a group has waited for the lock
   * (issue 32, point 3). With the wall clock, a step back of an hour would keep a group retrying
   * for the hour while its writers wait for an answer; a step forward would fail it at once.
   */
  readonly elapsed?: () => number;
};

/** A group's outcomes, and the log's head before it when it had appends (see GroupCommitOptions.headPosition). */
type Committed<Tag> = { readonly outcomes: WriteOutcome<Tag>[]; readonly headBefore: number | undefined };

/** Upper bound on writes per transaction, so one commit never holds the writer for long. */
const MAX_GROUP_SIZE = 1000;

/** How often a group whose write lock is taken tries again. */
const LOCK_RETRY_MS = 1;

/** SQLite's answer when another connection holds the write lock. */
function isBusy(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'SQLITE_BUSY';
}

/**
 * Group commit: writes queued during one turn of the event loop (say, a burst of webhook
 * requests and a projection batch) are committed in ONE `BEGIN IMMEDIATE … COMMIT`, so they
 * share one WAL fsync. That is what lets synchronous=FULL (durable acknowledgements) sustain high
 * write rates. Each write (one append, the requests of a multi-stream append, one projection
 * batch) runs in its own SAVEPOINT: a version conflict rejects that write alone and the rest of
 * the group still commits; a failure SQLite answers by rolling back the whole transaction (disk
 * full, I/O error) fails the whole group.
 *
 * While another connection (another process on the same file) holds SQLite's write lock, the
 * group does not wait inside SQLite, whose busy handler would sleep on this thread: the attempt
 * runs with busy_timeout 0, and a busy group is retried every millisecond, the thread serving its
 * other work in between, until `busyTimeoutMs` has passed.
 */
export function createGroupCommitter<Tag>(
  db: SqliteDatabase,
  execute: (operation: WriteOperation) => WriteResult,
  options: GroupCommitOptions<Tag>,
): GroupCommitter<Tag> {
  let queue: Submission<Tag>[] = [];
  let scheduled: NodeJS.Immediate | NodeJS.Timeout | undefined;
  let busySince: number | undefined;
  let closed = false;
  const elapsed = options.elapsed ?? (() => performance.now());
  // db.pragma() each time, not a prepared statement: SQLite applies busy_timeout when the
  // statement is compiled, so re-running a prepared one changes nothing.
  const restoredTimeout = `busy_timeout = ${Math.max(0, Math.trunc(options.busyTimeoutMs))}`;

  // A transaction function called inside another transaction runs as a SAVEPOINT in better-sqlite3.
  const inSavepoint = db.transaction((operation: WriteOperation) => execute(operation));
  const commitGroup = db.transaction((group: readonly Submission<Tag>[]): Committed<Tag> => {
    const headBefore = options.headPosition !== undefined && group.some(({ operation }) => operation.kind === 'append') ? options.headPosition() : undefined;
    const outcomes = group.map(({ operation, tag }): WriteOutcome<Tag> => {
      try {
        return { tag, operation, ok: true, result: inSavepoint(operation) };
      } catch (error) {
        if (!db.inTransaction) throw error; // SQLite already rolled everything back: the group failed
        // A full disk inside a savepoint fails that write alone; its writer is told why in words.
        return { tag, operation, ok: false, error: asStoreUnavailable(error) };
      }
    });
    return { outcomes, headBefore };
  });

  /** One attempt; `waitForLock` (at close) lets SQLite's busy handler wait instead. */
  const tryCommit = (group: readonly Submission<Tag>[], waitForLock: boolean): Committed<Tag> => {
    if (waitForLock) return commitGroup.immediate(group);
    db.pragma('busy_timeout = 0');
    try {
      return commitGroup.immediate(group); // IMMEDIATE: take the write lock up front, no deadlock on upgrade
    } finally {
      db.pragma(restoredTimeout);
    }
  };

  const flushOneGroup = (waitForLock = false): void => {
    scheduled = undefined;
    const group = queue.slice(0, MAX_GROUP_SIZE);
    if (group.length === 0) return;

    let committed: Committed<Tag>;
    try {
      committed = tryCommit(group, waitForLock);
    } catch (error) {
      const now = elapsed();
      if (!waitForLock && isBusy(error) && !db.inTransaction && now - (busySince ??= now) < options.busyTimeoutMs) {
        scheduled = setTimeout(flushOneGroup, LOCK_RETRY_MS); // the group stays first in the queue
        return;
      }
      // Nothing of the group is stored; a disk that refused it is named, so callers answer 503, not 500.
      const refusal = asStoreUnavailable(error);
      committed = { outcomes: group.map(({ operation, tag }) => ({ tag, operation, ok: false, error: refusal })), headBefore: undefined };
    }
    busySince = undefined;
    queue = queue.slice(group.length);
    if (queue.length > 0) scheduled = setImmediate(flushOneGroup);
    options.onGroup(committed.outcomes, committed.headBefore);
  };

  const clearScheduled = (): void => {
    clearTimeout(scheduled as NodeJS.Timeout | undefined);
    clearImmediate(scheduled as NodeJS.Immediate | undefined);
    scheduled = undefined;
  };

  return {
    enqueue(submission) {
      if (closed) throw new Error('the store is closed');
      queue.push(submission);
      scheduled ??= setImmediate(flushOneGroup);
    },

    close() {
      if (closed) return;
      closed = true;
      clearScheduled();
      while (queue.length > 0) {
        flushOneGroup(true);
        clearScheduled();
      }
    },
  };
}
