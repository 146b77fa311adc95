import { assertInteger } from '../guards/assertions.js';
import type { Notifier } from '../ports/Notifier.js';
import type { UnitOfWork } from '../ports/UnitOfWork.js';
import { prepareApplyProjectionBatch } from './applyProjectionBatch.js';
import type { CheckpointOperations } from './checkpointOperations.js';
import type { DocumentOperations } from './documentOperations.js';
import type { SqliteDatabase } from './openSqliteDatabase.js';

/** UnitOfWork on the shared connection: notifications of a batch are published only after its commit. */
export function createSqliteUnitOfWork(
  db: SqliteDatabase,
  docs: DocumentOperations,
  checkpoints: CheckpointOperations,
  notifier: Notifier,
): UnitOfWork {
  const apply = prepareApplyProjectionBatch(db, docs, checkpoints);
  return {
    async applyBatch(batch) {
      if (batch.generation !== undefined) assertInteger(batch.generation, 'batch.generation');
      const applied = apply(batch); // throws before anything is published if the transaction failed
      for (const { channel, message } of batch.notifications ?? []) notifier.publish(channel, message);
      return { applied };
    },
  };
}
