import type { AppendResult } from '../ports/EventStore.js';
import type { AppendCommand } from './appendToStream.js';
import type { SqliteDatabase } from './openSqliteDatabase.js';

/** Queues appends and commits them in groups. */
export type GroupCommitter = {
  /**
   * Resolves once the commands are committed (durable under synchronous=FULL), with one result
   * per command. The commands of one submission are atomic: all are written or none.
   */
  submit(commands: readonly AppendCommand[]): Promise<AppendResult[]>;
  /** Commits everything queued, synchronously, then refuses new appends. */
  close(): void;
};

type Pending = {
  readonly commands: readonly AppendCommand[];
  readonly resolve: (results: AppendResult[]) => void;
  readonly reject: (error: unknown) => void;
};

type Outcome = { readonly ok: true; readonly results: AppendResult[] } | { readonly ok: false; readonly error: unknown };

/** Upper bound on submissions per transaction, so one commit never blocks the event loop for long. */
const MAX_GROUP_SIZE = 1000;

/** How often a group whose write lock is taken tries again. */
const LOCK_RETRY_MS = 1;

/** Options of the group committer. */
export type GroupCommitOptions = {
  /** The connection's busy timeout (restored after each attempt), and how long a group may wait for another connection's write lock. */
  readonly busyTimeoutMs: number;
};

/** SQLite's answer when another connection holds the write lock. */
function isBusy(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'SQLITE_BUSY';
}

/**
 * Group commit: appends submitted during one turn of the event loop (say, a burst of webhook
 * requests) are committed in ONE `BEGIN IMMEDIATE … COMMIT`, so they share one WAL fsync.
 * That is what lets synchronous=FULL (durable acknowledgements) sustain high append rates.
 * Each submission (one append, or the requests of a multi-stream append) runs in its own
 * SAVEPOINT: a version conflict rejects that submission alone and the rest of the group still
 * commits; a failure SQLite answers by rolling back the whole transaction (disk full, I/O
 * error) rejects the whole group. Results are delivered, and
 * `onCommitted` called, only after COMMIT returned.
 *
 * While another connection (a role in another process on the same file) holds SQLite's write
 * lock, the group does not wait inside SQLite, whose busy handler would sleep on the event loop:
 * the attempt runs with busy_timeout 0, and a busy group is retried every millisecond, the loop
 * serving requests in between, until `busyTimeoutMs` has passed.
 */
export function createGroupCommitter(
  db: SqliteDatabase,
  appendOne: (command: AppendCommand) => AppendResult,
  onCommitted: (lastPosition: number) => void,
  options: GroupCommitOptions,
): GroupCommitter {
  let queue: Pending[] = [];
  let scheduled: NodeJS.Immediate | NodeJS.Timeout | undefined;
  let busySince: number | undefined;
  let closed = false;
  // db.pragma() each time, not a prepared statement: SQLite applies busy_timeout when the
  // statement is compiled, so re-running a prepared one changes nothing.
  const restoredTimeout = `busy_timeout = ${Math.max(0, Math.trunc(options.busyTimeoutMs))}`;

  // A transaction function called inside another transaction runs as a SAVEPOINT in better-sqlite3.
  const appendInSavepoint = db.transaction((commands: readonly AppendCommand[]) => commands.map(appendOne));
  const commitGroup = db.transaction((group: readonly Pending[]): Outcome[] =>
    group.map((pending) => {
      try {
        return { ok: true, results: appendInSavepoint(pending.commands) };
      } catch (error) {
        if (!db.inTransaction) throw error; // SQLite already rolled everything back: the group failed
        return { ok: false, error };
      }
    }),
  );

  /** One attempt; `waitForLock` (at close) lets SQLite's busy handler wait instead. */
  const tryCommit = (group: readonly Pending[], waitForLock: boolean): Outcome[] => {
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

    let outcomes: Outcome[];
    try {
      outcomes = tryCommit(group, waitForLock);
    } catch (error) {
      const now = Date.now();
      if (!waitForLock && isBusy(error) && !db.inTransaction && now - (busySince ??= now) < options.busyTimeoutMs) {
        scheduled = setTimeout(flushOneGroup, LOCK_RETRY_MS); // the group stays first in the queue
        return;
      }
      busySince = undefined;
      queue = queue.slice(group.length);
      if (queue.length > 0) scheduled = setImmediate(flushOneGroup);
      for (const pending of group) pending.reject(error);
      return;
    }
    busySince = undefined;
    queue = queue.slice(group.length);
    if (queue.length > 0) scheduled = setImmediate(flushOneGroup);
    let lastPosition = 0;
    outcomes.forEach((outcome, i) => {
      const pending = group[i] as Pending;
      if (outcome.ok) {
        for (const result of outcome.results) lastPosition = Math.max(lastPosition, result.lastPosition);
        pending.resolve(outcome.results);
      } else {
        pending.reject(outcome.error);
      }
    });
    if (lastPosition > 0) onCommitted(lastPosition);
  };

  const clearScheduled = (): void => {
    clearTimeout(scheduled as NodeJS.Timeout | undefined);
    clearImmediate(scheduled as NodeJS.Immediate | undefined);
    scheduled = undefined;
  };

  return {
    submit(commands) {
      if (closed) return Promise.reject(new Error('the event store is closed'));
      return new Promise<AppendResult[]>((resolve, reject) => {
        queue.push({ commands, resolve, reject });
        scheduled ??= setImmediate(flushOneGroup);
      });
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
