import { MessageChannel, type MessagePort, type Worker } from 'node:worker_threads';
import { spawnModuleWorker } from '../threads/spawnModuleWorker.js';
import type { ThreadHeap } from '../threads/thisThreadHeap.js';
import { announceAppended, type WriteAnswerHandle, type WriterOptions } from './createInlineWriter.js';
import { deserializeWriteError } from './writeErrors.js';
import type { StoreWriter } from '../writer/writeOperations.js';
import type { FromWriter, ToWriter, WriterThreadData } from './writerProtocol.js';

/**
 * The writer on a worker thread with its own connection to the store file: group commits, and the
 * fsync that makes each durable, happen there, so the main thread's event loop keeps serving
 * requests, reads and timers while the disk works (measured in bench/README.md, ingress). Writes
 * are posted as plain data and answered per committed group; `onAppended` announces the group's
 * last position once its writes are answered, as the inline writer does.
 *
 * The thread starts with the first write, so a process that only reads never starts one, and it
 * keeps the process alive only while writes are in flight. If it fails (its connection cannot be
 * opened, or it dies), every write in flight is rejected with the error, never reported as
 * written, and the next write starts a new thread.
 */
export function startWriterThread(data: WriterThreadData, options: WriterOptions): StoreWriter {
  let worker: Worker | undefined;
  let closing: Promise<void> | undefined;
  let nextId = 0;
  const pending = new Map<number, WriteAnswerHandle>();
  let lastHeap: ThreadHeap | undefined;

  const failAll = (failed: Worker, error: Error): void => {
    if (worker !== failed) return;
    worker = undefined;
    for (const answer of pending.values()) answer.reject(error);
    pending.clear();
  };

  const answerGroup = (current: Worker, message: Extract<FromWriter, { kind: 'group' }>): void => {
    for (const answer of message.answers) {
      const waiting = pending.get(answer.id);
      if (waiting === undefined) continue;
      pending.delete(answer.id);
      if (answer.ok) waiting.resolve(answer.result);
      else waiting.reject(deserializeWriteError(answer.error));
    }
    if (pending.size === 0) current.unref();
    announceAppended(options, message.appended);
  };

  const start = (): Worker => {
    const started = spawnModuleWorker(import.meta.url, 'writerThread', { workerData: data });
    let crash: Error | undefined;
    started.on('message', (message: FromWriter) => {
      if (message.kind === 'group') answerGroup(started, message);
      else if (message.kind === 'failed') failAll(started, deserializeWriteError(message.error));
      else if (message.kind === 'heap') lastHeap = { usedBytes: message.usedBytes, physicalBytes: message.physicalBytes };
    });
    // Only noted here: answers the thread posted before it failed may still be on their way, and
    // Node delivers every message before 'exit', so the writes still pending fail there.
    started.on('error', (error) => (crash = new Error(`the store's writer thread failed: ${error.message}`, { cause: error })));
    started.on('exit', (code) =>
      failAll(started, crash ?? new Error(closing ? 'the store is closed' : `the store's writer thread stopped (exit code ${code})`)),
    );
    return started;
  };

  return {
    submit(operation) {
      return new Promise((resolve, reject) => {
        if (closing) throw new Error('the store is closed');
        const current = (worker ??= start());
        const id = nextId++;
        try {
          current.postMessage({ kind: 'write', id, operation } satisfies ToWriter);
        } catch (error) {
          // Not posted (a value a structured clone refuses): nothing to wait for.
          if (pending.size === 0) current.unref();
          throw error;
        }
        pending.set(id, { resolve: resolve as WriteAnswerHandle['resolve'], reject });
        current.ref();
      });
    },

    share(): MessagePort {
      if (closing) throw new Error('the store is closed');
      const current = (worker ??= start());
      const { port1, port2 } = new MessageChannel();
      current.postMessage({ kind: 'attach', port: port2 } satisfies ToWriter, [port2]);
      return port1;
    },

    heap: () => lastHeap,

    close() {
      closing ??= (async () => {
        const current = worker;
        if (current === undefined) return;
        current.ref();
        const exited = new Promise<void>((resolve) => current.once('exit', () => resolve()));
        // The thread commits what is queued, answers it, and ends; every answer arrives before 'exit'.
        current.postMessage({ kind: 'close' } satisfies ToWriter);
        await exited;
      })();
      return closing;
    },
  };
}
