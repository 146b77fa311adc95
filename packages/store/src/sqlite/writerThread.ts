// The writer thread's entry point (see startWriterThread): owns the store's writing connection
// and runs the group committer on it, so commits and their fsyncs never hold up the main thread.
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { createGroupCommitter, type GroupCommitter } from './groupCommit.js';
import { prepareExecuteWrite } from './executeWrite.js';
import { closeSqliteDatabase, openSqliteDatabase, type SqliteDatabase } from './openSqliteDatabase.js';
import { nameThisThread } from '../threads/nameThisThread.js';
import { reportWriterProblem, settleGroup } from './settleGroup.js';
import { serializeWriteError } from './writeErrors.js';
import type { FromWriter, ToWriter, WriteAnswer, WriterThreadData } from './writerProtocol.js';

if (parentPort === null) throw new Error('writerThread.ts runs as a worker thread (startWriterThread)');
const port: MessagePort = parentPort;
const data = workerData as WriterThreadData;
const post = (message: FromWriter): void => port.postMessage(message);
nameThisThread('hyperhook-write');

/** Opens the writing connection and its committer, whose groups are answered over the port. */
function startCommitter(db: SqliteDatabase): GroupCommitter<number> {
  return createGroupCommitter<number>(db, prepareExecuteWrite(db), {
    busyTimeoutMs: data.busyTimeoutMs,
    onGroup(outcomes) {
      const lastPosition = settleGroup(db, outcomes, reportWriterProblem);
      const answers = outcomes.map(
        (outcome): WriteAnswer => (outcome.ok ? { id: outcome.tag, ok: true, result: outcome.result } : { id: outcome.tag, ok: false, error: serializeWriteError(outcome.error) }),
      );
      post({ kind: 'group', answers, lastPosition });
    },
  });
}

/** Serves writes until told to close; a connection that cannot be opened is reported and ends the thread. */
function serve(): void {
  let db: SqliteDatabase;
  let committer: GroupCommitter<number>;
  try {
    db = openSqliteDatabase({ file: data.file, synchronous: data.synchronous, busyTimeoutMs: data.busyTimeoutMs, planner: false });
    committer = startCommitter(db);
  } catch (error) {
    // Said over the port: a thrown SqliteError would reach the main thread without its code.
    post({ kind: 'failed', error: serializeWriteError(error) });
    port.close();
    return;
  }
  port.on('message', (message: ToWriter) => {
    if (message.kind === 'write') {
      committer.enqueue({ operation: message.operation, tag: message.id });
      return;
    }
    committer.close(); // commits what is queued (its answers are posted first)
    closeSqliteDatabase(db, false);
    port.close(); // the thread ends; the main thread's close() waits for its 'exit'
  });
}

serve();
