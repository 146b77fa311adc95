import { serializeReadDocument } from '../guards/validateReadDocument.js';
import type { ReadDocument } from '../ports/ReadStore.js';
import type { Queryable } from './pgDocuments.js';

/** One upsert of a projection batch. */
export type DocumentUpsert = { readonly collection: string; readonly doc: ReadDocument };

/**
 * Version-guarded upserts in one statement: a document is written only when new or when the
 * incoming version is higher (so re-delivered events change nothing), which also resurrects an
 * older tombstone. A projection batch of hundreds of documents is one round trip. Each document
 * must appear once (ON CONFLICT cannot touch a row twice in one statement); the caller splits
 * runs where an id repeats. Resolves, in order, whether each was applied.
 */
export async function upsertPgDocuments(client: Queryable, upserts: readonly DocumentUpsert[], generation: number | null): Promise<boolean[]> {
  const data = upserts.map(({ collection, doc }) => serializeReadDocument(collection, doc));
  const { rows } = await client.query<{ collection: string; id: string }>(
    `INSERT INTO docs (collection, generation, id, user_id, version, data)
     SELECT u.collection, coalesce($1::integer, (SELECT active_generation FROM collections c WHERE c.collection = u.collection), 0), u.id, u.user_id, u.version, u.data
     FROM unnest($2::text[], $3::text[], $4::text[], $5::bigint[], $6::jsonb[]) AS u(collection, id, user_id, version, data)
     ON CONFLICT (collection, generation, id) DO UPDATE
       SET user_id = excluded.user_id, version = excluded.version, data = excluded.data
       WHERE excluded.version > docs.version
     RETURNING collection, id`,
    [
      generation,
      upserts.map((u) => u.collection),
      upserts.map((u) => u.doc.id),
      upserts.map((u) => u.doc.userId ?? null),
      upserts.map((u) => u.doc.version),
      data,
    ],
  );
  const applied = new Set(rows.map((row) => keyOf(row.collection, row.id)));
  return upserts.map((u) => applied.has(keyOf(u.collection, u.doc.id)));
}

function keyOf(collection: string, id: string): string {
  return `${collection}\u0000${id}`;
}
