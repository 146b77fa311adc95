import type { Binary, Collection, Db } from 'mongodb';
import type { JsonObject } from '../ports/json.js';

/**
 * One read-model document (or tombstone) of one generation of one collection. Every read-model
 * collection shares the `docs` MongoDB collection, so a new read model needs no new collection
 * or index; `collection` and `generation` lead every index.
 */
export type DocRecord = {
  /** docKey(collection, generation, id). */
  readonly _id: string;
  readonly collection: string;
  readonly generation: number;
  readonly id: string;
  /** null when the document has no owner (and on tombstones). */
  readonly userId: string | null;
  readonly version: number;
  /** null marks a tombstone: the document is deleted, `version` still guards older upserts. */
  readonly data: JsonObject | null;
};

/** The generation each read-model collection serves; a collection never switched has no record (generation 0). */
export type CollectionRecord = { readonly _id: string; readonly activeGeneration: number };

/** A consumer's checkpoint (`_id` is its name). */
export type CheckpointRecord = { readonly _id: string; readonly position: number; readonly updatedAt: number };

/** A wrapped data key (`_id` is the key id). */
export type KeyRecord = { readonly _id: string; readonly wrappedKey: Binary; readonly createdAt: number };

/** One link of the log's hash chain (`_id` is its order in the chain: 1, 2, 3, …; chain/followChain.ts). */
export type ChainLinkRecord = { readonly _id: number; readonly position: number; readonly hash: string };

/** The five MongoDB collections of one store database. */
export type ReadModelCollections = {
  readonly docs: Collection<DocRecord>;
  readonly collections: Collection<CollectionRecord>;
  readonly checkpoints: Collection<CheckpointRecord>;
  readonly keys: Collection<KeyRecord>;
  readonly chain: Collection<ChainLinkRecord>;
};

export const COLLECTION_NAMES = ['docs', 'collections', 'checkpoints', 'keys', 'chain'] as const;

export function readModelCollections(db: Db): ReadModelCollections {
  return {
    docs: db.collection<DocRecord>('docs'),
    collections: db.collection<CollectionRecord>('collections'),
    checkpoints: db.collection<CheckpointRecord>('checkpoints'),
    keys: db.collection<KeyRecord>('keys'),
    chain: db.collection<ChainLinkRecord>('chain'),
  };
}

/**
 * The `_id` of a document: a JSON array text, so distinct (collection, generation, id) triples can
 * never collide whatever characters names and ids contain (a plain separator could occur inside
 * them), and no NUL byte ends up in a BSON string. Point reads and guarded writes address a
 * document by `_id` alone, which is what lets the server retry a racing upsert on its own.
 */
export function docKey(collection: string, generation: number, id: string): string {
  return JSON.stringify([collection, generation, id]);
}
