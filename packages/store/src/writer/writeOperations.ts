import type { MessagePort } from 'node:worker_threads';
import type { PreparedAppend } from '../guards/prepareAppendCommands.js';
import type { ThreadHeap } from '../threads/thisThreadHeap.js';
import type { AppendResult } from '../ports/EventStore.js';
import type { ReadDocument } from '../ports/ReadStore.js';
import type { ProjectionBatch } from '../ports/UnitOfWork.js';

/** A projection batch as the writer applies it: its notifications stay with the caller, who publishes them after the commit. */
export type ProjectionWrite = Omit<ProjectionBatch, 'notifications'>;

/**
 * Every write the store makes, as plain data: it can be run on the connection of this thread or
 * be posted to the writer thread unchanged (structured clone). Times are taken by the caller, so a
 * store's injected clock holds wherever the write runs.
 */
export type WriteOperation =
  | { readonly kind: 'append'; readonly commands: readonly PreparedAppend[]; readonly recordedAt: number }
  | { readonly kind: 'projection'; readonly batch: ProjectionWrite; readonly at: number }
  | { readonly kind: 'upsert'; readonly collection: string; readonly doc: ReadDocument; readonly generation: number | null }
  | { readonly kind: 'delete'; readonly collection: string; readonly id: string; readonly version: number | undefined; readonly generation: number | null }
  | { readonly kind: 'deleteCollection'; readonly collection: string; readonly generation: number | null }
  | { readonly kind: 'activateGenerations'; readonly generations: Readonly<Record<string, number>> }
  | { readonly kind: 'setCheckpoint'; readonly name: string; readonly position: number; readonly at: number }
  | { readonly kind: 'putKey'; readonly keyId: string; readonly wrappedKey: Uint8Array; readonly at: number }
  | { readonly kind: 'destroyKey'; readonly keyId: string };

/** What each kind of write answers. */
export type WriteResults = {
  readonly append: AppendResult[];
  readonly projection: boolean[];
  readonly upsert: boolean;
  readonly delete: boolean;
  readonly deleteCollection: number;
  readonly activateGenerations: null;
  readonly setCheckpoint: null;
  readonly putKey: null;
  readonly destroyKey: boolean;
};

/** The operation of one kind. */
export type WriteOperationOf<K extends WriteOperation['kind']> = Extract<WriteOperation, { kind: K }>;

/** The answer to any write. */
export type WriteResult = WriteResults[keyof WriteResults];

/**
 * Runs writes on the connection that owns them: on SQLite this thread's (inline) or the writer
 * thread's; on PostgreSQL one transaction of the process's group committer.
 */
export interface StoreWriter {
  /**
   * Resolves once the write is committed (durable: synchronous=FULL on SQLite, synchronous_commit on PostgreSQL). Writes submitted
   * together share one transaction and one fsync; each is atomic on its own (a savepoint), so a
   * version conflict fails only its own write.
   */
  submit<K extends WriteOperation['kind']>(operation: WriteOperationOf<K>): Promise<WriteResults[K]>;
  /** Commits everything submitted so far, then refuses new writes. */
  close(): Promise<void>;
  /**
   * A port on which another thread of the process writes through this writer (createPortWriter
   * there): only a writer on its own thread can share. Closed when this writer closes.
   */
  share?(): MessagePort;
  /** A writer on a thread of its own: that thread's heap as it last reported it (undefined before its first report). */
  heap?(): ThreadHeap | undefined;
}

/** The last global position a committed write appended, or 0 (not an append): what the store announces after a commit. */
export function appendedPosition(operation: WriteOperation, result: WriteResult): number {
  if (operation.kind !== 'append') return 0;
  let last = 0;
  for (const appended of result as WriteResults['append']) last = Math.max(last, appended.lastPosition);
  return last;
}
