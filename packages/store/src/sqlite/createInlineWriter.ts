import { createGroupCommitter } from './groupCommit.js';
import { prepareExecuteWrite } from './executeWrite.js';
import { prepareHeadPosition } from './headPosition.js';
import type { EventsAppendedMessage } from '../ports/eventsAppendedChannel.js';
import type { SqliteDatabase } from './openSqliteDatabase.js';
import { reportWriterProblem, settleGroup } from './settleGroup.js';
import type { StoreWriter, WriteResult } from '../writer/writeOperations.js';

/** How a submitter is answered. */
export type WriteAnswerHandle = { readonly resolve: (result: WriteResult) => void; readonly reject: (error: unknown) => void };

/** Options of a writer. */
export type WriterOptions = {
  /** Called once per committed group that appended events, with the notice of what it appended, after its writes were answered. */
  readonly onAppended: (appended: EventsAppendedMessage) => void;
};

/** Calls `onAppended`; a failure there (a notifier that throws) is reported, never thrown into the writer. */
export function announceAppended(options: WriterOptions, appended: EventsAppendedMessage | undefined): void {
  if (appended === undefined) return;
  try {
    options.onAppended(appended);
  } catch (error) {
    reportWriterProblem(error);
  }
}

/**
 * The writer on this thread's own connection: group commits run on the event loop. Used for
 * in-memory stores (a second connection could not see them) and where a writer thread is off.
 */
export function createInlineWriter(db: SqliteDatabase, options: WriterOptions & { readonly busyTimeoutMs: number }): StoreWriter {
  const committer = createGroupCommitter<WriteAnswerHandle>(db, prepareExecuteWrite(db), {
    busyTimeoutMs: options.busyTimeoutMs,
    headPosition: prepareHeadPosition(db),
    onGroup(outcomes, headBefore) {
      const appended = settleGroup(db, outcomes, reportWriterProblem, headBefore);
      for (const outcome of outcomes) {
        if (outcome.ok) outcome.tag.resolve(outcome.result);
        else outcome.tag.reject(outcome.error);
      }
      announceAppended(options, appended);
    },
  });

  return {
    submit(operation) {
      return new Promise((resolve, reject) => {
        committer.enqueue({ operation, tag: { resolve: resolve as WriteAnswerHandle['resolve'], reject } });
      });
    },
    async close() {
      committer.close();
    },
  };
}
