import type { Checkpoints } from '../ports/Checkpoints.js';
import type { CheckpointOperations } from './checkpointOperations.js';
import type { SqliteDatabase } from './openSqliteDatabase.js';

/** Checkpoints on the shared connection; a write is one BEGIN IMMEDIATE transaction. */
export function createSqliteCheckpoints(db: SqliteDatabase, ops: CheckpointOperations): Checkpoints {
  const set = db.transaction(ops.set);
  return {
    async get(name) {
      return ops.get(name);
    },
    async set(name, position) {
      set.immediate(name, position);
    },
  };
}
