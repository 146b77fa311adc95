import type { SqliteSynchronous } from './openSqliteDatabase.js';
import type { SerializedWriteError } from './writeErrors.js';
import type { WriteOperation, WriteResult } from './writeOperations.js';

/** What the writer thread is started with. */
export type WriterThreadData = {
  readonly file: string;
  readonly synchronous: SqliteSynchronous;
  readonly busyTimeoutMs: number;
};

/** Main thread → writer thread. */
export type ToWriter = { readonly kind: 'write'; readonly id: number; readonly operation: WriteOperation } | { readonly kind: 'close' };

/** One write's answer, by its id. */
export type WriteAnswer = { readonly id: number; readonly ok: true; readonly result: WriteResult } | { readonly id: number; readonly ok: false; readonly error: SerializedWriteError };

/** Writer thread → main thread: a group's answers (with the last position it appended, 0 if none), or a failed start. */
export type FromWriter =
  | { readonly kind: 'group'; readonly answers: readonly WriteAnswer[]; readonly lastPosition: number }
  | { readonly kind: 'failed'; readonly error: SerializedWriteError };
