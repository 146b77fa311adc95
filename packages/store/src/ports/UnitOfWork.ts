import type { GlobalPosition } from './events.js';
import type { NotifierMessage } from './Notifier.js';
import type { ReadDocument } from './ReadStore.js';

/** One read-model change, with the same semantics as the matching ReadStore method. */
export type ReadModelChange =
  | { readonly kind: 'upsert'; readonly collection: string; readonly doc: ReadDocument }
  | { readonly kind: 'delete'; readonly collection: string; readonly id: string; readonly version?: number }
  | { readonly kind: 'deleteCollection'; readonly collection: string };

/** A notice to publish once the batch has committed (never if it fails). */
export type PendingNotification = { readonly channel: string; readonly message: NotifierMessage };

/**
 * What a projector writes for one batch of events: all of it takes effect, or none of it.
 * Storing the checkpoint with the changes means a crash can never leave the read model ahead
 * of or behind its checkpoint.
 */
export type ProjectionBatch = {
  readonly changes: readonly ReadModelChange[];
  /** Stored with the changes (see Checkpoints.set). */
  readonly checkpoint?: { readonly name: string; readonly position: GlobalPosition };
  /** Target this generation of every collection instead of the active one (rebuilds). */
  readonly generation?: number;
  /** Switch collections to these generations in the same transaction (end of a rebuild). */
  readonly activateGenerations?: Readonly<Record<string, number>>;
  /** Published after commit, in order. */
  readonly notifications?: readonly PendingNotification[];
};

/** Result of a batch: for each change, in order, whether it was applied (false: older version or nothing to delete). */
export type ProjectionBatchResult = { readonly applied: readonly boolean[] };

/** Applies projection batches atomically (one transaction on SQLite, one session transaction on MongoDB). */
export interface UnitOfWork {
  /** Applies the whole batch or nothing; rejects (with nothing applied) if any part fails. */
  applyBatch(batch: ProjectionBatch): Promise<ProjectionBatchResult>;
}
