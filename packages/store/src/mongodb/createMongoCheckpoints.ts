import type { ClientSession } from 'mongodb';
import { assertInteger, assertNonEmptyString } from '../guards/assertions.js';
import type { Checkpoints } from '../ports/Checkpoints.js';
import type { ReadModelCollections } from './mongoCollections.js';

/** Checks a checkpoint before anything is written. */
export function checkCheckpoint(name: string, position: number): void {
  assertNonEmptyString(name, 'checkpoint name');
  assertInteger(position, 'checkpoint position');
}

/** Stores a position unconditionally (a replay legitimately goes back to 0); in `session` when part of a batch. */
export async function setMongoCheckpoint(db: ReadModelCollections, name: string, position: number, at: number, session?: ClientSession): Promise<void> {
  await db.checkpoints.updateOne({ _id: name }, { $set: { position, updatedAt: at } }, { upsert: true, session });
}

/** Checkpoints in the `checkpoints` collection, one document per consumer. */
export function createMongoCheckpoints(db: ReadModelCollections, clock: () => number): Checkpoints {
  return {
    async get(name) {
      assertNonEmptyString(name, 'checkpoint name');
      const record = await db.checkpoints.findOne({ _id: name });
      return record?.position;
    },
    async set(name, position) {
      checkCheckpoint(name, position);
      await setMongoCheckpoint(db, name, position, clock());
    },
  };
}
