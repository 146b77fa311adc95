import Database from 'better-sqlite3';
import pg from 'pg';
import { join } from 'node:path';
import type { SystemStack } from './stack.js';

/** A read-model document as both stores hold it. */
export type Doc = { collection: string; id: string; userId: string | null; version: number; data: unknown };

/** The live documents of each collection's active generation (tombstones are bookkeeping, not read models). */
const ACTIVE_DOCS = (docs: string, collections: string) => `
  SELECT d.collection, d.id, d.user_id, d.version, d.data FROM ${docs} d
  WHERE d.data IS NOT NULL AND d.generation = coalesce((SELECT c.active_generation FROM ${collections} c WHERE c.collection = d.collection), 0)`;

/**
 * Every read-model document the stack's store serves now, grouped by collection and sorted by id
 * (the two databases collate differently), read with SQL beside the product rather than through
 * its own ports, so a comparison does not trust the code it checks.
 */
export async function activeDocs(stack: SystemStack): Promise<Record<string, Doc[]>> {
  const rows = stack.backend === 'sqlite' ? sqliteDocs(join(stack.world.dataDir, 'hyperhook.db')) : stack.backend === 'postgres' ? await pgDocs(stack.databaseUrl, stack.schema ?? '') : undefined;
  if (rows === undefined) throw new Error(`reading the documents of a ${stack.backend} stack is not written`);
  const groups: Record<string, Doc[]> = {};
  for (const doc of rows) (groups[doc.collection] ??= []).push(doc);
  for (const group of Object.values(groups)) group.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return groups;
}

function sqliteDocs(file: string): Doc[] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare<[], Record<string, unknown>>(ACTIVE_DOCS('docs', 'collections'))
      .all()
      .map((row) => ({ collection: String(row.collection), id: String(row.id), userId: (row.user_id as string | null) ?? null, version: Number(row.version), data: JSON.parse(String(row.data)) as unknown }));
  } finally {
    db.close();
  }
}

async function pgDocs(url: string, schema: string): Promise<Doc[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<Record<string, unknown>>(ACTIVE_DOCS(`"${schema}".docs`, `"${schema}".collections`));
    return rows.map((row) => ({ collection: String(row.collection), id: String(row.id), userId: (row.user_id as string | null) ?? null, version: Number(row.version), data: row.data }));
  } finally {
    await client.end();
  }
}
