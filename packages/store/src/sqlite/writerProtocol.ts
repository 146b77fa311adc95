import type { MessagePort } from 'node:worker_threads';
import type { EventsAppendedMessage } from '../ports/eventsAppendedChannel.js';
import type { SqliteSynchronous } from './openSqliteDatabase.js';
import type { ThreadHeap } from '../threads/thisThreadHeap.js';
import type { SerializedWriteError } from './writeErrors.js';
import type { WriteOperation, WriteResult } from '../writer/writeOperations.js';

/** What the writer thread is started with. */
export type WriterThreadData = {
  readonly file: string;
  readonly synchronous: SqliteSynchronous;
  readonly busyTimeoutMs: number;
  /** How often the thread reports its heap to the thread that started it; default HEAP_REPORT_MS. */
  readonly heapReportMs?: number;
  /**
   * A thread notifier's BroadcastChannel (ThreadNotifier.broadcastChannel): the thread posts each
   * group's notice there itself, to every thread at once, and the answers then carry none.
   */
  readonly noticeChannel?: string;
};

/** One write, from the main thread or from a thread the writer was shared with. */
export type WriteRequest = { readonly kind: 'write'; readonly id: number; readonly operation: WriteOperation };

/**
 * Main thread → writer thread: a write; a port on which another thread of the process will send
 * its writes (see StoreWriter.share); or close.
 */
export type ToWriter = WriteRequest | { readonly kind: 'attach'; readonly port: MessagePort } | { readonly kind: 'close' };

/** One write's answer, by its id. */
export type WriteAnswer =
  { readonly id: number; readonly ok: true; readonly result: WriteResult } | { readonly id: number; readonly ok: false; readonly error: SerializedWriteError };

/**
 * Writer thread → a submitting thread: its answers of a group (with the notice of what the group
 * appended, if anything), or a failed start; and to the thread that started it, its heap every
 * few seconds.
 */
export type FromWriter =
  | { readonly kind: 'group'; readonly answers: readonly WriteAnswer[]; readonly appended: EventsAppendedMessage | undefined }
  | { readonly kind: 'failed'; readonly error: SerializedWriteError }
  | ({ readonly kind: 'heap' } & ThreadHeap);
