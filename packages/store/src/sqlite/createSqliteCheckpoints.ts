import type { Checkpoints } from '../ports/Checkpoints.js';
import type { CheckpointOperations } from './checkpointOperations.js';
import type { StoreWriter } from '../writer/writeOperations.js';

/** Checkpoints: read on this thread's connection, written through the store's writer. */
export function createSqliteCheckpoints(ops: CheckpointOperations, writer: StoreWriter, clock: () => number): Checkpoints {
  return {
    async get(name) {
      return ops.get(name);
    },
    async set(name, position) {
      await writer.submit({ kind: 'setCheckpoint', name, position, at: clock() });
    },
  };
}
