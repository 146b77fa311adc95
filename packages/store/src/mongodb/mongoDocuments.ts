import type { ClientSession, Document, Filter, Sort } from 'mongodb';
import { assertInteger, assertNonEmptyString } from '../guards/assertions.js';
import { serializeReadDocument, validateDocumentQuery } from '../guards/validateReadDocument.js';
import type { JsonObject } from '../ports/json.js';
import type { DocumentQuery, ReadDocument } from '../ports/ReadStore.js';
import { docKey, type DocRecord, type ReadModelCollections } from './mongoCollections.js';

/** A document write with its input checked, before its generation is known. */
export type PreparedDocument = { readonly id: string; readonly userId: string | null; readonly version: number; readonly data: JsonObject };

/**
 * Checks a document (the guards the SQL adapters use) and returns a plain-JSON copy of its data:
 * what JSON.stringify keeps is what every adapter stores (`undefined` members dropped, no class
 * instances turned into BSON types), and a non-serializable document fails before any write.
 */
export function prepareDocument(collection: string, doc: ReadDocument): PreparedDocument {
  const data = JSON.parse(serializeReadDocument(collection, doc)) as JsonObject;
  return { id: doc.id, userId: doc.userId ?? null, version: doc.version, data };
}

/**
 * The generation an operation targets: the pinned one, else the collection's active one, read in
 * `session` (inside a transaction: from the transaction's snapshot).
 */
export async function targetGeneration(db: ReadModelCollections, collection: string, pinned: number | null, session?: ClientSession): Promise<number> {
  if (pinned !== null) return pinned;
  return activeMongoGeneration(db, collection, session);
}

/** The active generation; 0 for a collection never switched. */
export async function activeMongoGeneration(db: ReadModelCollections, collection: string, session?: ClientSession): Promise<number> {
  assertNonEmptyString(collection, 'collection');
  const record = await db.collections.findOne({ _id: collection }, { session });
  return record?.activeGeneration ?? 0;
}

/**
 * Writes `next` (a document or a tombstone) only when the stored version is lower or nothing is
 * stored; resolves whether it was written.
 *
 * Why not `updateOne({ _id, version: { $lt: v } }, { $set }, { upsert: true })`: when a document
 * with an equal or newer version exists, that filter matches nothing, the upsert tries to insert
 * a second `_id` and fails with E11000. Outside a transaction that error could be read as "not
 * applied", but inside one a DuplicateKey error aborts the whole transaction (SERVER-34059), so
 * the rest of a projection batch and its checkpoint would be lost.
 *
 * Instead the filter is `_id` alone and the version test moves into an update pipeline:
 * `$replaceWith` yields the new document when the stored version is lower (a missing document,
 * i.e. the upsert's insert path, counts as version -1) and `$$ROOT`, the stored document
 * unchanged, otherwise. The operation never raises a duplicate-key error of its own, so it is
 * safe inside a transaction, and outside one a concurrent insert of the same `_id` is retried by
 * the server itself (an upsert whose filter is an equality on the unique `_id`, SERVER-14322 /
 * SERVER-47212 for findAndModify). Applied is decided exactly from the document as it was before
 * (`returnDocument: 'before'`, only its version projected): absent or lower means written. This
 * does not depend on how the server counts "modified" for a no-op pipeline. `$literal` keeps
 * strings in the data that begin with `$` from being read as field paths or operators.
 */
export async function writeIfNewer(db: ReadModelCollections, next: DocRecord, session?: ClientSession): Promise<boolean> {
  const before = (await db.docs.findOneAndUpdate(
    { _id: next._id },
    [{ $replaceWith: { $cond: { if: { $lt: [{ $ifNull: ['$version', -1] }, next.version] }, then: { $literal: next }, else: '$$ROOT' } } }],
    { upsert: true, returnDocument: 'before', projection: { _id: 0, version: 1 }, session },
  )) as { version: number } | null;
  return before === null || before.version < next.version;
}

/** Version-guarded upsert into one generation; resurrects an older tombstone. */
export async function upsertMongoDocument(
  db: ReadModelCollections,
  collection: string,
  generation: number,
  doc: PreparedDocument,
  session?: ClientSession,
): Promise<boolean> {
  return writeIfNewer(db, { _id: docKey(collection, generation, doc.id), collection, generation, ...doc }, session);
}

/** Unversioned: remove the document (or tombstone). Versioned: a tombstone carrying the version, if higher than the stored one. */
export async function deleteMongoDocument(
  db: ReadModelCollections,
  collection: string,
  generation: number,
  id: string,
  version: number | undefined,
  session?: ClientSession,
): Promise<boolean> {
  const _id = docKey(collection, generation, id);
  if (version === undefined) {
    const { deletedCount } = await db.docs.deleteOne({ _id }, { session });
    return deletedCount > 0;
  }
  return writeIfNewer(db, { _id, collection, generation, id, userId: null, version, data: null }, session);
}

/** Checks the arguments of a delete. */
export function checkDelete(collection: string, id: string, version: number | undefined): void {
  assertNonEmptyString(collection, 'collection');
  assertNonEmptyString(id, 'id');
  if (version !== undefined) assertInteger(version, 'version');
}

/** Removes every document and tombstone of one generation of a collection (an index prefix range); resolves the count. */
export async function deleteMongoCollection(db: ReadModelCollections, collection: string, generation: number, session?: ClientSession): Promise<number> {
  const { deletedCount } = await db.docs.deleteMany({ collection, generation }, { session });
  return deletedCount;
}

function toReadDocument<TData extends JsonObject>(record: DocRecord & { data: JsonObject }): ReadDocument<TData> {
  const data = record.data as TData;
  return record.userId === null ? { id: record.id, version: record.version, data } : { id: record.id, userId: record.userId, version: record.version, data };
}

/** One document by id (tombstones read as absent). */
export async function getMongoDocument<TData extends JsonObject>(
  db: ReadModelCollections,
  collection: string,
  generation: number,
  id: string,
): Promise<ReadDocument<TData> | undefined> {
  assertNonEmptyString(collection, 'collection');
  assertNonEmptyString(id, 'id');
  const record = await db.docs.findOne({ _id: docKey(collection, generation, id) });
  if (record === null || record.data === null) return undefined;
  return toReadDocument<TData>({ ...record, data: record.data });
}

/**
 * One user's documents, sorted by `data.<sortBy>` then `id`, same direction. With a sort index
 * (ensureMongoIndexes) this is a bounded scan of `(collection, generation, userId, data.<field>,
 * id)` in either direction with no sort stage; other fields are sorted in memory (a top-k sort,
 * bounded by `limit`). `where` is equality on `data.<field>`: MongoDB's `{ field: null }` matches a
 * missing or null field, which is the port's rule. Field names passed validateDocumentQuery
 * (letters, digits, `_`), so they can neither be operators nor reach into nested documents.
 * Order across BSON types (null < numbers < strings < objects …) differs from PostgreSQL's
 * jsonb order; within one type (numbers, strings, booleans) it is the same, and that is what
 * read models sort by.
 */
export async function queryMongoDocuments<TData extends JsonObject>(
  db: ReadModelCollections,
  collection: string,
  generation: number,
  query: DocumentQuery,
): Promise<ReadDocument<TData>[]> {
  const filter: Document = { collection, generation, userId: query.userId, data: { $ne: null } };
  for (const [field, value] of Object.entries(query.where ?? {})) filter[`data.${field}`] = value;
  const direction = query.order === 'desc' ? -1 : 1;
  const sort: Sort = { [`data.${query.sortBy}`]: direction, id: direction };
  const records = await db.docs.find(filter as Filter<DocRecord>, { sort, limit: query.limit }).toArray();
  return records.map((record) => toReadDocument<TData>({ ...record, data: record.data ?? {} }));
}

/** Checks a query (the SQL adapters' guard). */
export function checkQuery(collection: string, query: DocumentQuery): void {
  validateDocumentQuery(collection, query);
}

/** Checks a generation switch. */
export function checkGenerations(generations: Readonly<Record<string, number>>): void {
  for (const [collection, generation] of Object.entries(generations)) {
    assertNonEmptyString(collection, 'collection');
    assertInteger(generation, `generation of ${collection}`);
  }
}

/** Switches collections' generations; callers run it in a transaction so a multi-collection switch is atomic. */
export async function activateMongoGenerations(
  db: ReadModelCollections,
  generations: Readonly<Record<string, number>>,
  session?: ClientSession,
): Promise<void> {
  for (const [collection, activeGeneration] of Object.entries(generations)) {
    await db.collections.updateOne({ _id: collection }, { $set: { activeGeneration } }, { upsert: true, session });
  }
}
