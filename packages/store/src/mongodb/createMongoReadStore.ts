import type { MongoClient } from 'mongodb';
import { assertInteger, assertNonEmptyString } from '../guards/assertions.js';
import type { ReadStore } from '../ports/ReadStore.js';
import { inMongoTransaction } from './inMongoTransaction.js';
import type { ReadModelCollections } from './mongoCollections.js';
import {
  activateMongoGenerations,
  activeMongoGeneration,
  checkDelete,
  checkGenerations,
  checkQuery,
  deleteMongoCollection,
  deleteMongoDocument,
  getMongoDocument,
  prepareDocument,
  queryMongoDocuments,
  targetGeneration,
  upsertMongoDocument,
} from './mongoDocuments.js';

/**
 * ReadStore on MongoDB. `pinned` null serves each collection's active generation, read per
 * operation; a number pins the view. Single writes are atomic on their own (one document, or one
 * deleteMany), outside a transaction: the generation is read just before the write, so a write
 * racing a generation switch may still land in the old generation, as a write committed just
 * before the switch would. Projections that must not lose such a write go through the UnitOfWork.
 */
export function createMongoReadStore(client: MongoClient, db: ReadModelCollections, pinned: number | null = null): ReadStore {
  return {
    async upsert(collection, doc) {
      const prepared = prepareDocument(collection, doc);
      return upsertMongoDocument(db, collection, await targetGeneration(db, collection, pinned), prepared);
    },
    async get(collection, id) {
      return getMongoDocument(db, collection, await targetGeneration(db, collection, pinned), id);
    },
    async query(collection, query) {
      checkQuery(collection, query);
      return queryMongoDocuments(db, collection, await targetGeneration(db, collection, pinned), query);
    },
    async delete(collection, id, version) {
      checkDelete(collection, id, version);
      return deleteMongoDocument(db, collection, await targetGeneration(db, collection, pinned), id, version);
    },
    async deleteCollection(collection) {
      assertNonEmptyString(collection, 'collection');
      return deleteMongoCollection(db, collection, await targetGeneration(db, collection, pinned));
    },
    async activeGeneration(collection) {
      return activeMongoGeneration(db, collection);
    },
    async activateGenerations(generations) {
      checkGenerations(generations);
      await inMongoTransaction(client, (session) => activateMongoGenerations(db, generations, session));
    },
    withGeneration(generation) {
      assertInteger(generation, 'generation');
      return createMongoReadStore(client, db, generation);
    },
  };
}
