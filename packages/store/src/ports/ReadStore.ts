import type { JsonObject, JsonPrimitive } from './json.js';

/**
 * A read-model document. `version` guards writes: a change applies only when its version is
 * higher than the stored one, so re-delivered events are harmless. Use the stream version for
 * per-stream documents and the global position for documents fed by many streams.
 */
export type ReadDocument<TData extends JsonObject = JsonObject> = {
  readonly id: string;
  /** Owner: queries are always per user, so a query cannot leak another user's documents. */
  readonly userId?: string;
  readonly version: number;
  readonly data: TData;
};

/** Sort order of a query. */
export type SortOrder = 'asc' | 'desc';

/** A per-user query over one collection. */
export type DocumentQuery = {
  readonly userId: string;
  /**
   * A top-level field of `data` (letters, digits, `_`), e.g. `receivedAt` or `updatedAt`.
   * Fields the adapter indexes are served straight from an index; others still work, sorted
   * in memory. Ties are broken by document id in the same order.
   */
  readonly sortBy: string;
  readonly order: SortOrder;
  /** 1 to 10,000. */
  readonly limit: number;
  /** Equality on top-level fields of `data` (null matches a missing or null field). */
  readonly where?: Readonly<Record<string, JsonPrimitive>>;
};

/**
 * Generations let a replay build a collection anew while the old one keeps serving:
 * build into generation N+1 through `withGeneration(N + 1)`, then `activateGenerations`
 * (or a ProjectionBatch's `activateGenerations`) switches readers atomically. A collection
 * that was never switched is at generation 0.
 */
export interface ReadStoreGenerations {
  /** The generation the unpinned store currently reads and writes for `collection`. */
  activeGeneration(collection: string): Promise<number>;
  /** Switches several collections at once, in one transaction. */
  activateGenerations(generations: Readonly<Record<string, number>>): Promise<void>;
  /** A view of the store pinned to one generation of every collection it touches. */
  withGeneration(generation: number): ReadStore;
}

/** JSON document store for read models (disposable: rebuilt from the event log). */
export interface ReadStore extends ReadStoreGenerations {
  /** Inserts or replaces when `doc.version` is higher than the stored version; resolves true if applied. */
  upsert(collection: string, doc: ReadDocument): Promise<boolean>;
  /** The document, or undefined when absent or deleted. */
  get<TData extends JsonObject = JsonObject>(collection: string, id: string): Promise<ReadDocument<TData> | undefined>;
  /** One user's documents, sorted, at most `limit`. */
  query<TData extends JsonObject = JsonObject>(collection: string, query: DocumentQuery): Promise<ReadDocument<TData>[]>;
  /**
   * Deletes a document. Without `version`: unconditionally. With `version`: only when the stored
   * version is lower, and a tombstone keeps that version so a re-delivered older upsert stays
   * ignored. Resolves true if applied (a document or tombstone removed, or a tombstone written).
   */
  delete(collection: string, id: string, version?: number): Promise<boolean>;
  /** Removes every document (and tombstone) of the collection's generation; resolves the count. */
  deleteCollection(collection: string): Promise<number>;
}
