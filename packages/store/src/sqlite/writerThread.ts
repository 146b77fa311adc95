// The writer thread's entry point (see startWriterThread): owns the store's writing connection
// and runs the group committer on it, so commits and their fsyncs never hold up the main thread.
import { BroadcastChannel, parentPort, workerData, type MessagePort } from 'node:worker_threads';
import type { ThreadCrossing } from '../notifier/createThreadNotifier.js';
import { EVENTS_APPENDED_CHANNEL } from '../ports/eventsAppendedChannel.js';
import { createGroupCommitter, type GroupCommitter } from './groupCommit.js';
import { prepareExecuteWrite } from './executeWrite.js';
import { prepareHeadPosition } from './headPosition.js';
import { closeSqliteDatabase, openSqliteDatabase, type SqliteDatabase } from './openSqliteDatabase.js';
import { nameThisThread } from '../threads/nameThisThread.js';
import { HEAP_REPORT_MS, thisThreadHeap } from '../threads/thisThreadHeap.js';
import { reportWriterProblem, settleGroup } from './settleGroup.js';
import { serializeWriteError } from './writeErrors.js';
import type { FromWriter, ToWriter, WriteAnswer, WriteRequest, WriterThreadData } from './writerProtocol.js';

if (parentPort === null) throw new Error('writerThread.ts runs as a worker thread (startWriterThread)');
const port: MessagePort = parentPort;
const data = workerData as WriterThreadData;
const post = (message: FromWriter, to: MessagePort = port): void => to.postMessage(message);

/** Whom a write is answered to: the port it came on, and its id there. */
type Tag = { readonly from: MessagePort; readonly id: number };
nameThisThread('hyperhook-write');
// Notices straight to every thread: relayed by the threads whose writes were in the group, each
// cost a hop through a busy event loop and reached every thread once per such writer.
const notices = data.noticeChannel === undefined ? undefined : new BroadcastChannel(data.noticeChannel);
notices?.unref();
const heapReports = setInterval(() => post({ kind: 'heap', ...thisThreadHeap() }), data.heapReportMs ?? HEAP_REPORT_MS).unref();

/**
 * Opens the writing connection and its committer. A group's answers go to each port that had
 * writes in it, with the notice of what it appended: one transaction and one fsync for the writes
 * of every thread of the process.
 */
function startCommitter(db: SqliteDatabase): GroupCommitter<Tag> {
  return createGroupCommitter<Tag>(db, prepareExecuteWrite(db), {
    busyTimeoutMs: data.busyTimeoutMs,
    headPosition: prepareHeadPosition(db),
    onGroup(outcomes, headBefore) {
      const appended = settleGroup(db, outcomes, reportWriterProblem, headBefore);
      const byPort = new Map<MessagePort, WriteAnswer[]>();
      for (const outcome of outcomes) {
        const answer: WriteAnswer = outcome.ok
          ? { id: outcome.tag.id, ok: true, result: outcome.result }
          : { id: outcome.tag.id, ok: false, error: serializeWriteError(outcome.error) };
        const answers = byPort.get(outcome.tag.from) ?? [];
        answers.push(answer);
        byPort.set(outcome.tag.from, answers);
      }
      if (notices !== undefined && appended !== undefined)
        notices.postMessage({ channel: EVENTS_APPENDED_CHANNEL, message: appended } satisfies ThreadCrossing);
      for (const [to, answers] of byPort) post({ kind: 'group', answers, appended: notices === undefined ? appended : undefined }, to);
    },
  });
}

/** Serves writes until told to close; a connection that cannot be opened is reported and ends the thread. */
function serve(): void {
  let db: SqliteDatabase;
  let committer: GroupCommitter<Tag>;
  try {
    db = openSqliteDatabase({ file: data.file, synchronous: data.synchronous, busyTimeoutMs: data.busyTimeoutMs, planner: false });
    committer = startCommitter(db);
  } catch (error) {
    // Said over the port: a thrown SqliteError would reach the main thread without its code.
    post({ kind: 'failed', error: serializeWriteError(error) });
    port.close();
    return;
  }
  const shared = new Set<MessagePort>();
  const enqueue = (from: MessagePort, message: WriteRequest): void => committer.enqueue({ operation: message.operation, tag: { from, id: message.id } });
  port.on('message', (message: ToWriter) => {
    switch (message.kind) {
      case 'write':
        enqueue(port, message);
        return;
      case 'attach':
        shared.add(message.port);
        message.port.on('message', (request: WriteRequest) => enqueue(message.port, request));
        message.port.on('close', () => shared.delete(message.port));
        return;
      case 'close':
        clearInterval(heapReports);
        committer.close(); // commits what is queued (its answers are posted first)
        notices?.close();
        closeSqliteDatabase(db, false);
        for (const other of shared) other.close(); // their threads' writers refuse from now on
        port.close(); // the thread ends; the main thread's close() waits for its 'exit'
        return;
    }
  });
}

serve();
