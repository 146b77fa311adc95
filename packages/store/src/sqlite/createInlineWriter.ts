import { createGroupCommitter } from './groupCommit.js';
import { prepareExecuteWrite } from './executeWrite.js';
import type { SqliteDatabase } from './openSqliteDatabase.js';
import { shredDestroyedKeys } from './shredDestroyedKeys.js';
import { appendedPosition, type SqliteWriter, type WriteResult } from './writeOperations.js';

type Answer = { readonly resolve: (result: WriteResult) => void; readonly reject: (error: unknown) => void };

/** Options of a writer. */
export type WriterOptions = {
  readonly busyTimeoutMs: number;
  /** Called once per committed group that appended events, with the last position written, after its writes were answered. */
  readonly onAppended: (lastPosition: number) => void;
};

/**
 * The writer on this thread's own connection: group commits run on the event loop. Used for
 * in-memory stores (a second connection could not see them) and where a writer thread is off.
 */
export function createInlineWriter(db: SqliteDatabase, options: WriterOptions): SqliteWriter {
  const committer = createGroupCommitter<Answer>(db, prepareExecuteWrite(db), {
    busyTimeoutMs: options.busyTimeoutMs,
    onGroup(outcomes) {
      shredDestroyedKeys(db, outcomes);
      let lastPosition = 0;
      for (const outcome of outcomes) {
        if (!outcome.ok) {
          outcome.tag.reject(outcome.error);
          continue;
        }
        lastPosition = Math.max(lastPosition, appendedPosition(outcome.operation, outcome.result));
        outcome.tag.resolve(outcome.result);
      }
      if (lastPosition > 0) options.onAppended(lastPosition);
    },
  });

  return {
    submit(operation) {
      return new Promise((resolve, reject) => {
        committer.enqueue({ operation, tag: { resolve: resolve as Answer['resolve'], reject } });
      });
    },
    async close() {
      committer.close();
    },
  };
}
