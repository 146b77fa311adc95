import { prepareAppendToStream } from './appendToStream.js';
import { prepareApplyProjectionBatch } from './applyProjectionBatch.js';
import { prepareCheckpointOperations } from './checkpointOperations.js';
import { prepareDocumentOperations } from './documentOperations.js';
import { prepareKeyOperations } from './keyOperations.js';
import type { SqliteDatabase } from './openSqliteDatabase.js';
import type { WriteOperation, WriteResult } from '../writer/writeOperations.js';

/**
 * Prepares every write statement on the connection that owns the writes and returns the one
 * function that runs a write operation. It must run inside a write transaction (the group
 * committer gives each operation its own savepoint).
 */
export function prepareExecuteWrite(db: SqliteDatabase): (operation: WriteOperation) => WriteResult {
  const appendOne = prepareAppendToStream(db);
  const docs = prepareDocumentOperations(db);
  const checkpoints = prepareCheckpointOperations(db);
  const keys = prepareKeyOperations(db);
  const applyProjection = prepareApplyProjectionBatch(docs, checkpoints);

  return (operation) => {
    switch (operation.kind) {
      case 'append':
        return operation.commands.map((command) => appendOne(command, operation.recordedAt));
      case 'projection':
        return applyProjection(operation.batch, operation.at);
      case 'upsert':
        return docs.upsert(operation.collection, operation.doc, operation.generation);
      case 'delete':
        return docs.delete(operation.collection, operation.id, operation.version, operation.generation);
      case 'deleteCollection':
        return docs.deleteCollection(operation.collection, operation.generation);
      case 'activateGenerations':
        docs.generations.activate(operation.generations);
        return null;
      case 'setCheckpoint':
        checkpoints.set(operation.name, operation.position, operation.at);
        return null;
      case 'putKey':
        keys.put(operation.keyId, operation.wrappedKey, operation.at);
        return null;
      case 'destroyKey':
        return keys.destroy(operation.keyId);
      default: {
        const unknown: never = operation;
        throw new TypeError(`unknown write operation ${JSON.stringify(unknown)}`);
      }
    }
  };
}
