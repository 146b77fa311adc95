import type { JsonPrimitive } from '../ports/json.js';
import type { DocumentQuery, ReadDocument } from '../ports/ReadStore.js';
import { assertFieldName, assertInteger, assertNonEmptyString } from './assertions.js';

/** Largest `limit` a query accepts: read models are paged per user, never dumped. */
export const MAX_QUERY_LIMIT = 10_000;

/** Checks a document and returns its data serialized as JSON text. */
export function serializeReadDocument(collection: string, doc: ReadDocument): string {
  assertNonEmptyString(collection, 'collection');
  assertNonEmptyString(doc.id, 'doc.id');
  if (doc.userId !== undefined) assertNonEmptyString(doc.userId, 'doc.userId');
  assertInteger(doc.version, 'doc.version');
  if (typeof doc.data !== 'object' || doc.data === null || Array.isArray(doc.data)) {
    throw new TypeError('doc.data must be a JSON object');
  }
  const json = JSON.stringify(doc.data);
  if (typeof json !== 'string') throw new TypeError('doc.data is not JSON-serializable');
  return json;
}

/** Checks a query; field names are validated because they become part of the SQL text. */
export function validateDocumentQuery(collection: string, query: DocumentQuery): void {
  assertNonEmptyString(collection, 'collection');
  assertNonEmptyString(query.userId, 'query.userId');
  assertFieldName(query.sortBy, 'query.sortBy');
  if (query.order !== 'asc' && query.order !== 'desc') throw new TypeError(`query.order must be 'asc' or 'desc'`);
  assertInteger(query.limit, 'query.limit', 1);
  if (query.limit > MAX_QUERY_LIMIT) throw new RangeError(`query.limit must be ≤ ${MAX_QUERY_LIMIT}`);
  for (const [field, value] of Object.entries(query.where ?? {})) {
    assertFieldName(field, 'query.where field');
    if (!isJsonPrimitive(value)) throw new TypeError(`query.where.${field} must be a string, number, boolean or null`);
  }
}

function isJsonPrimitive(value: unknown): value is JsonPrimitive {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}
