import { assertInteger } from '../guards/assertions.js';
import type { ReadStore } from '../ports/ReadStore.js';
import type { DocumentOperations } from './documentOperations.js';
import type { StoreWriter } from '../writer/writeOperations.js';

/**
 * ReadStore on the store file: reads on this thread's connection, each write through the store's
 * writer, atomic on its own. `generation` null serves the active generations; a number pins the
 * view (withGeneration).
 */
export function createSqliteReadStore(ops: DocumentOperations, writer: StoreWriter, generation: number | null = null): ReadStore {
  return {
    async upsert(collection, doc) {
      return writer.submit({ kind: 'upsert', collection, doc, generation });
    },
    async get(collection, id) {
      return ops.get(collection, id, generation);
    },
    async query(collection, query) {
      return ops.query(collection, query, generation);
    },
    async delete(collection, id, version) {
      return writer.submit({ kind: 'delete', collection, id, version, generation });
    },
    async deleteCollection(collection) {
      return writer.submit({ kind: 'deleteCollection', collection, generation });
    },
    async activeGeneration(collection) {
      return ops.generations.active(collection);
    },
    async activateGenerations(generations) {
      await writer.submit({ kind: 'activateGenerations', generations });
    },
    withGeneration(pinned) {
      assertInteger(pinned, 'generation');
      return createSqliteReadStore(ops, writer, pinned);
    },
  };
}
