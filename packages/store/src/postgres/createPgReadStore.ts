import type pg from 'pg';
import { assertInteger } from '../guards/assertions.js';
import type { ReadStore } from '../ports/ReadStore.js';
import type { StoreWriter } from '../writer/writeOperations.js';
import { activePgGeneration, getPgDocument, queryPgDocuments } from './pgDocuments.js';

/**
 * ReadStore on PostgreSQL: reads on the pool, each write through the store's group committer,
 * atomic on its own. `generation` null serves the active generations; a number pins the view.
 */
export function createPgReadStore(pool: pg.Pool, writer: StoreWriter, generation: number | null = null): ReadStore {
  return {
    async upsert(collection, doc) {
      return writer.submit({ kind: 'upsert', collection, doc, generation });
    },
    async get(collection, id) {
      return getPgDocument(pool, collection, id, generation);
    },
    async query(collection, query) {
      return queryPgDocuments(pool, collection, query, generation);
    },
    async delete(collection, id, version) {
      return writer.submit({ kind: 'delete', collection, id, version, generation });
    },
    async deleteCollection(collection) {
      return writer.submit({ kind: 'deleteCollection', collection, generation });
    },
    async activeGeneration(collection) {
      return activePgGeneration(pool, collection);
    },
    async activateGenerations(generations) {
      await writer.submit({ kind: 'activateGenerations', generations });
    },
    withGeneration(pinned) {
      assertInteger(pinned, 'generation');
      return createPgReadStore(pool, writer, pinned);
    },
  };
}
