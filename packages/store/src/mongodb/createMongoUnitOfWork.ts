import type { ClientSession, MongoClient } from 'mongodb';
import { assertInteger, assertNonEmptyString } from '../guards/assertions.js';
import type { Notifier } from '../ports/Notifier.js';
import type { ProjectionBatch, UnitOfWork } from '../ports/UnitOfWork.js';
import { checkCheckpoint, setMongoCheckpoint } from './createMongoCheckpoints.js';
import { inMongoTransaction } from './inMongoTransaction.js';
import type { ReadModelCollections } from './mongoCollections.js';
import {
  activateMongoGenerations,
  checkDelete,
  checkGenerations,
  deleteMongoCollection,
  deleteMongoDocument,
  prepareDocument,
  targetGeneration,
  upsertMongoDocument,
  type PreparedDocument,
} from './mongoDocuments.js';

/** A change whose input is already checked (and whose document data is plain JSON). */
type PreparedChange =
  | { readonly kind: 'upsert'; readonly collection: string; readonly doc: PreparedDocument }
  | { readonly kind: 'delete'; readonly collection: string; readonly id: string; readonly version: number | undefined }
  | { readonly kind: 'deleteCollection'; readonly collection: string };

/**
 * Checks the whole batch before the transaction starts, so invalid input (say, data that is not
 * JSON-serializable) rejects with nothing written and without a transaction to abort.
 */
function prepareBatch(batch: ProjectionBatch): PreparedChange[] {
  if (batch.generation !== undefined) assertInteger(batch.generation, 'batch.generation');
  if (batch.activateGenerations) checkGenerations(batch.activateGenerations);
  if (batch.checkpoint) checkCheckpoint(batch.checkpoint.name, batch.checkpoint.position);
  return batch.changes.map((change): PreparedChange => {
    switch (change.kind) {
      case 'upsert':
        return { kind: 'upsert', collection: change.collection, doc: prepareDocument(change.collection, change.doc) };
      case 'delete':
        checkDelete(change.collection, change.id, change.version);
        return { kind: 'delete', collection: change.collection, id: change.id, version: change.version };
      case 'deleteCollection':
        assertNonEmptyString(change.collection, 'collection');
        return { kind: 'deleteCollection', collection: change.collection };
      default: {
        const unknown: never = change;
        throw new TypeError(`unknown read-model change ${JSON.stringify(unknown)}`);
      }
    }
  });
}

/**
 * UnitOfWork as one MongoDB transaction per batch: the changes in order (one guarded write per
 * change, so each reports exactly whether it applied; see writeIfNewer for why that is safe in a
 * transaction), then the generation switches, then the checkpoint. Notifications are published
 * only once the commit succeeded; a failed batch publishes none.
 */
export function createMongoUnitOfWork(client: MongoClient, db: ReadModelCollections, notifier: Notifier, clock: () => number): UnitOfWork {
  return {
    async applyBatch(batch) {
      const changes = prepareBatch(batch);
      const pinned = batch.generation ?? null;
      const at = clock();
      const applied = await inMongoTransaction(client, async (session) => {
        // Everything below is rebuilt on each attempt: withTransaction may run this again.
        const generations = new Map<string, number>();
        const generationOf = async (collection: string): Promise<number> => {
          let generation = generations.get(collection);
          if (generation === undefined) {
            generation = await targetGeneration(db, collection, pinned, session);
            generations.set(collection, generation);
          }
          return generation;
        };
        const results: boolean[] = [];
        // One operation at a time: operations of one transaction must not run concurrently.
        for (const change of changes) results.push(await applyChange(db, change, await generationOf(change.collection), session));
        if (batch.activateGenerations) await activateMongoGenerations(db, batch.activateGenerations, session);
        if (batch.checkpoint) await setMongoCheckpoint(db, batch.checkpoint.name, batch.checkpoint.position, at, session);
        return results;
      });
      for (const { channel, message } of batch.notifications ?? []) notifier.publish(channel, message);
      return { applied };
    },
  };
}

async function applyChange(db: ReadModelCollections, change: PreparedChange, generation: number, session: ClientSession): Promise<boolean> {
  switch (change.kind) {
    case 'upsert':
      return upsertMongoDocument(db, change.collection, generation, change.doc, session);
    case 'delete':
      return deleteMongoDocument(db, change.collection, generation, change.id, change.version, session);
    case 'deleteCollection':
      return (await deleteMongoCollection(db, change.collection, generation, session)) > 0;
    default: {
      const unknown: never = change;
      throw new TypeError(`unknown read-model change ${JSON.stringify(unknown)}`);
    }
  }
}
