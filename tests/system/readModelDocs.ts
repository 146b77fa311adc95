import { join } from 'node:path';
import pg from 'pg';
import { ACTIVE_DOCS, byCollection, sqliteRows, toDoc, type Doc } from '../smoke/embeddedHistory.js';
import type { SystemStack } from './stack.js';

/**
 * Every read-model document the stack's store serves now, grouped by collection and sorted by id,
 * read with SQL beside the product rather than through its own ports, so a comparison does not
 * trust the code it checks.
 */
export async function activeDocs(stack: SystemStack): Promise<Record<string, Doc[]>> {
  if (stack.backend === 'sqlite')
    return byCollection(sqliteRows(join(stack.world.dataDir, 'hyperhook.db'), ACTIVE_DOCS('docs', 'collections')).map((row) => toDoc(row, true)));
  if (stack.backend === 'postgres') return byCollection(await pgDocs(stack.databaseUrl, stack.schema ?? ''));
  throw new Error(`reading the documents of a ${stack.backend} stack is not written`);
}

async function pgDocs(url: string, schema: string): Promise<Doc[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<Record<string, unknown>>(ACTIVE_DOCS(`"${schema}".docs`, `"${schema}".collections`));
    return rows.map((row) => toDoc(row, false));
  } finally {
    await client.end();
  }
}
