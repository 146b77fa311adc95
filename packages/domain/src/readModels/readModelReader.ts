import type { ReadModelDoc } from './readModel.js';

/** A document as a read store keeps it: the store port's ReadDocument, seen structurally so the domain imports no store. */
export interface StoredReadDocument {
  readonly id: string;
  readonly userId?: string;
  readonly version: number;
  readonly data: unknown;
}

/** One user's documents of a collection, sorted on a field of their data. */
export interface ReadModelQuery {
  readonly userId: string;
  readonly sortBy: string;
  readonly order: 'asc' | 'desc';
  readonly limit: number;
  readonly where?: Readonly<Record<string, string | number | boolean | null>>;
}

/**
 * What the read-model queries need of a read store (the store's ReadStore satisfies it). The
 * queries beside each projection run against it: the domain still does no I/O of its own.
 */
export interface ReadModelReader {
  get(collection: string, id: string): Promise<StoredReadDocument | undefined>;
  query(collection: string, query: ReadModelQuery): Promise<readonly StoredReadDocument[]>;
}

/**
 * The one place a stored document becomes the domain's document. The store keeps what the
 * projection of `collection` wrote, so its data is that projection's data type; this is the
 * only cast between the two.
 */
export function toReadModelDoc<TData>(collection: string, stored: StoredReadDocument): ReadModelDoc<TData> {
  return { collection, id: stored.id, userId: stored.userId ?? '', version: stored.version, data: stored.data as TData };
}

/**
 * The per-user document `uid` of `collection`, or null. A document owned by someone else is
 * treated as absent: the owner check is a second fence behind the id.
 */
export async function readOwnDoc<TData>(reader: ReadModelReader, collection: string, uid: string): Promise<ReadModelDoc<TData> | null> {
  const stored = await reader.get(collection, uid);
  return stored === undefined || stored.userId !== uid ? null : toReadModelDoc<TData>(collection, stored);
}
