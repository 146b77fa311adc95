import { assertInteger } from '../guards/assertions.js';
import type { ReadStore } from '../ports/ReadStore.js';
import type { DocumentOperations } from './documentOperations.js';
import type { SqliteDatabase } from './openSqliteDatabase.js';

/**
 * ReadStore on the shared connection. Every write is its own BEGIN IMMEDIATE transaction:
 * taking the write lock up front means a writer never holds a stale read snapshot it would
 * have to upgrade (the SQLITE_BUSY that busy_timeout cannot wait out).
 * `generation` null serves the active generations; a number pins the view (withGeneration).
 */
export function createSqliteReadStore(db: SqliteDatabase, ops: DocumentOperations, generation: number | null = null): ReadStore {
  const write = <A extends unknown[], R>(fn: (...args: A) => R) => {
    const transaction = db.transaction(fn);
    return (...args: A): R => transaction.immediate(...args);
  };
  const upsert = write(ops.upsert);
  const remove = write(ops.delete);
  const deleteCollection = write(ops.deleteCollection);
  const activate = write(ops.generations.activate);

  return {
    async upsert(collection, doc) {
      return upsert(collection, doc, generation);
    },
    async get(collection, id) {
      return ops.get(collection, id, generation);
    },
    async query(collection, query) {
      return ops.query(collection, query, generation);
    },
    async delete(collection, id, version) {
      return remove(collection, id, version, generation);
    },
    async deleteCollection(collection) {
      return deleteCollection(collection, generation);
    },
    async activeGeneration(collection) {
      return ops.generations.active(collection);
    },
    async activateGenerations(generations) {
      activate(generations);
    },
    withGeneration(pinned) {
      assertInteger(pinned, 'generation');
      return createSqliteReadStore(db, ops, pinned);
    },
  };
}
