import type { ReadModelDoc } from './readModel.js';
import type { ReadModelQuery, ReadModelReader, StoredReadDocument } from './readModelReader.js';

type Scalar = string | number | boolean | null | undefined;

/** A field of a document's data, as a read store's `data ->> '$.<field>'` reads it. */
function fieldOf(doc: StoredReadDocument, field: string): Scalar {
  let value: unknown = doc.data;
  for (const part of field.split('.')) value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[part] : undefined;
  return typeof value === 'object' ? undefined : (value as Scalar);
}

/** SQL's order, which the stores sort in: no value first, then numbers (booleans as 0 and 1), then text. */
function rank(value: Scalar): number {
  if (value === null || value === undefined) return 0;
  return typeof value === 'string' ? 2 : 1;
}

function compare(a: Scalar, b: Scalar): number {
  const byRank = rank(a) - rank(b);
  if (byRank !== 0 || rank(a) === 0) return byRank;
  const [x, y] = [typeof a === 'boolean' ? Number(a) : a, typeof b === 'boolean' ? Number(b) : b] as [string | number, string | number];
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * A read store over documents folded in memory (a state as of a moment): the same reads the live
 * dashboard runs against the real store then answer what it would have shown, with the same
 * ordering, filtering and owner checks, and no second copy of any view's code.
 */
export function inMemoryReader(collections: Readonly<Record<string, readonly ReadModelDoc<unknown>[]>>): ReadModelReader {
  const stored = (collection: string): StoredReadDocument[] =>
    (collections[collection] ?? []).map((doc) => ({ id: doc.id, userId: doc.userId, version: doc.version, data: doc.data }));
  return {
    async get(collection, id) {
      return stored(collection).find((doc) => doc.id === id);
    },
    async query(collection, query: ReadModelQuery) {
      const direction = query.order === 'desc' ? -1 : 1;
      return stored(collection)
        .filter((doc) => doc.userId === query.userId && doc.data !== null && doc.data !== undefined)
        .filter((doc) =>
          Object.entries(query.where ?? {}).every(([field, value]) => (value === null ? fieldOf(doc, field) == null : fieldOf(doc, field) === value)),
        )
        .sort((a, b) => direction * (compare(fieldOf(a, query.sortBy), fieldOf(b, query.sortBy)) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)))
        .slice(0, query.limit);
    },
  };
}
