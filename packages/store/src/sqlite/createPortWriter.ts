import type { MessagePort } from 'node:worker_threads';
import { announceAppended, type WriteAnswerHandle, type WriterOptions } from './createInlineWriter.js';
import { deserializeWriteError } from './writeErrors.js';
import type { StoreWriter } from '../writer/writeOperations.js';
import type { FromWriter, WriteRequest } from './writerProtocol.js';

/**
 * A writer for another thread of the process, on a port to the store's one writer thread (from
 * StoreWriter.share on the thread that owns it): its writes join that thread's groups, so the
 * roles of `hyperhook start` share one transaction and one fsync instead of fighting over
 * SQLite's write lock on three connections. When the port closes (the store closed, or its writer
 * thread died), every write in flight is rejected and later ones are refused: never reported as
 * written. `onGone` hears that once, unless this writer was closing: a role that can no longer
 * write must stop rather than go on refusing every write.
 */
export function createPortWriter(port: MessagePort, options: WriterOptions & { readonly onGone?: (error: Error) => void }): StoreWriter {
  const pending = new Map<number, WriteAnswerHandle>();
  let nextId = 0;
  let gone: Error | undefined;
  let closing = false;
  let drained: (() => void) | undefined;

  port.on('message', (message: FromWriter) => {
    if (message.kind !== 'group') return;
    for (const answer of message.answers) {
      const waiting = pending.get(answer.id);
      if (waiting === undefined) continue;
      pending.delete(answer.id);
      if (answer.ok) waiting.resolve(answer.result);
      else waiting.reject(deserializeWriteError(answer.error));
    }
    if (pending.size === 0) {
      port.unref();
      drained?.();
    }
    announceAppended(options, message.appended);
  });
  port.on('close', () => {
    const unasked = gone === undefined && !closing;
    gone ??= new Error(closing ? 'the store is closed' : "the store's writer thread is gone");
    for (const waiting of pending.values()) waiting.reject(gone);
    pending.clear();
    drained?.();
    if (unasked) options.onGone?.(gone);
  });
  port.unref();

  return {
    submit(operation) {
      return new Promise((resolve, reject) => {
        if (closing) throw new Error('the store is closed');
        if (gone) throw gone;
        const id = nextId++;
        port.postMessage({ kind: 'write', id, operation } satisfies WriteRequest);
        pending.set(id, { resolve: resolve as WriteAnswerHandle['resolve'], reject });
        port.ref();
      });
    },
    async close() {
      closing = true;
      if (pending.size > 0 && !gone) await new Promise<void>((resolve) => (drained = resolve));
      port.close();
    },
  };
}
