import type { AppendResult } from '../ports/EventStore.js';
import type { AppendCommand } from './appendToStream.js';
import type { SqliteDatabase } from './openSqliteDatabase.js';

/** Queues appends and commits them in groups. */
export type GroupCommitter = {
  /** Resolves once the append is committed (durable under synchronous=FULL). */
  submit(command: AppendCommand): Promise<AppendResult>;
  /** Commits everything queued, synchronously, then refuses new appends. */
  close(): void;
};

type Pending = {
  readonly command: AppendCommand;
  readonly resolve: (result: AppendResult) => void;
  readonly reject: (error: unknown) => void;
};

type Outcome = { readonly ok: true; readonly result: AppendResult } | { readonly ok: false; readonly error: unknown };

/** Upper bound on appends per transaction, so one commit never blocks the event loop for long. */
const MAX_GROUP_SIZE = 1000;

/**
 * Group commit: appends submitted during one turn of the event loop (say, a burst of webhook
 * requests) are committed in ONE `BEGIN IMMEDIATE … COMMIT`, so they share one WAL fsync.
 * That is what lets synchronous=FULL (durable acknowledgements) sustain high append rates.
 * Each append runs in its own SAVEPOINT: a version conflict rejects that append alone and the
 * rest of the group still commits; a failure SQLite answers by rolling back the whole
 * transaction (disk full, I/O error) rejects the whole group. Results are delivered, and
 * `onCommitted` called, only after COMMIT returned.
 */
export function createGroupCommitter(
  db: SqliteDatabase,
  appendOne: (command: AppendCommand) => AppendResult,
  onCommitted: (lastPosition: number) => void,
): GroupCommitter {
  let queue: Pending[] = [];
  let scheduled: NodeJS.Immediate | undefined;
  let closed = false;

  // A transaction function called inside another transaction runs as a SAVEPOINT in better-sqlite3.
  const appendInSavepoint = db.transaction(appendOne);
  const commitGroup = db.transaction((group: readonly Pending[]): Outcome[] =>
    group.map((pending) => {
      try {
        return { ok: true, result: appendInSavepoint(pending.command) };
      } catch (error) {
        if (!db.inTransaction) throw error; // SQLite already rolled everything back: the group failed
        return { ok: false, error };
      }
    }),
  );

  const flushOneGroup = (): void => {
    scheduled = undefined;
    const group = queue.slice(0, MAX_GROUP_SIZE);
    queue = queue.slice(group.length);
    if (queue.length > 0) scheduled = setImmediate(flushOneGroup);
    if (group.length === 0) return;

    let outcomes: Outcome[];
    try {
      outcomes = commitGroup.immediate(group); // IMMEDIATE: take the write lock up front, no deadlock on upgrade
    } catch (error) {
      for (const pending of group) pending.reject(error);
      return;
    }
    let lastPosition = 0;
    outcomes.forEach((outcome, i) => {
      const pending = group[i] as Pending;
      if (outcome.ok) {
        lastPosition = Math.max(lastPosition, outcome.result.lastPosition);
        pending.resolve(outcome.result);
      } else {
        pending.reject(outcome.error);
      }
    });
    if (lastPosition > 0) onCommitted(lastPosition);
  };

  return {
    submit(command) {
      if (closed) return Promise.reject(new Error('the event store is closed'));
      return new Promise<AppendResult>((resolve, reject) => {
        queue.push({ command, resolve, reject });
        scheduled ??= setImmediate(flushOneGroup);
      });
    },

    close() {
      if (closed) return;
      closed = true;
      if (scheduled) clearImmediate(scheduled);
      while (queue.length > 0) flushOneGroup();
      if (scheduled) clearImmediate(scheduled);
      scheduled = undefined;
    },
  };
}
