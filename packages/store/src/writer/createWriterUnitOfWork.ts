import { assertInteger } from '../guards/assertions.js';
import type { Notifier } from '../ports/Notifier.js';
import type { UnitOfWork } from '../ports/UnitOfWork.js';
import type { StoreWriter } from './writeOperations.js';

/**
 * UnitOfWork through the store's writer: a batch (changes, generation switches, checkpoint) is
 * one savepoint of a group commit, and its notifications are published only after that commit.
 */
export function createWriterUnitOfWork(writer: StoreWriter, notifier: Notifier, clock: () => number): UnitOfWork {
  return {
    async applyBatch(batch) {
      if (batch.generation !== undefined) assertInteger(batch.generation, 'batch.generation');
      const { notifications, ...write } = batch;
      const applied = await writer.submit({ kind: 'projection', batch: write, at: clock() }); // rejects before anything is published if the batch failed
      for (const { channel, message } of notifications ?? []) notifier.publish(channel, message);
      return { applied };
    },
  };
}
