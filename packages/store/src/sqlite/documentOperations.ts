import { prepareCollectionGenerations } from './collectionGenerations.js';
import { prepareDeleteCollection } from './deleteCollection.js';
import { prepareDeleteDocument } from './deleteDocument.js';
import { prepareGetDocument } from './getDocument.js';
import type { SqliteDatabase } from './openSqliteDatabase.js';
import { prepareQueryDocuments } from './queryDocuments.js';
import { prepareUpsertDocument } from './upsertDocument.js';

/**
 * The synchronous read-model operations, prepared once per connection: the ReadStore reads with
 * them on its connection, and the writer runs their writes (ReadStore writes and projection
 * batches) on its own.
 */
export function prepareDocumentOperations(db: SqliteDatabase) {
  return {
    upsert: prepareUpsertDocument(db),
    get: prepareGetDocument(db),
    query: prepareQueryDocuments(db),
    delete: prepareDeleteDocument(db),
    deleteCollection: prepareDeleteCollection(db),
    generations: prepareCollectionGenerations(db),
  };
}

/** The prepared operations. */
export type DocumentOperations = ReturnType<typeof prepareDocumentOperations>;
