import type pg from 'pg';
import { assertInteger, assertNonEmptyString } from '../guards/assertions.js';
import type { ReadModelChange } from '../ports/UnitOfWork.js';
import type { ProjectionWrite, WriteOperation, WriteResult } from '../writer/writeOperations.js';
import { activatePgGenerations, deletePgCollection, deletePgDocument, upsertPgDocument } from './pgDocuments.js';
import { upsertPgDocuments, type DocumentUpsert } from './upsertPgDocuments.js';

/**
 * Runs one write operation other than an append on the group's client, inside the group's
 * transaction (the group committer gives each its own savepoint; appends go together through
 * appendGroupToPg).
 */
export async function executePgWrite(client: pg.ClientBase, operation: WriteOperation): Promise<WriteResult> {
  switch (operation.kind) {
    case 'append':
      throw new TypeError('appends run as a group (appendGroupToPg), not one by one');
    case 'projection':
      return applyPgProjection(client, operation.batch, operation.at);
    case 'upsert':
      return upsertPgDocument(client, operation.collection, operation.doc, operation.generation);
    case 'delete':
      return deletePgDocument(client, operation.collection, operation.id, operation.version, operation.generation);
    case 'deleteCollection':
      return deletePgCollection(client, operation.collection, operation.generation);
    case 'activateGenerations':
      await activatePgGenerations(client, operation.generations);
      return null;
    case 'setCheckpoint':
      await setPgCheckpoint(client, operation.name, operation.position, operation.at);
      return null;
    case 'putKey':
      assertNonEmptyString(operation.keyId, 'keyId');
      await client.query(
        `INSERT INTO keys (key_id, wrapped_key, created_at) VALUES ($1, $2, $3)
         ON CONFLICT (key_id) DO UPDATE SET wrapped_key = excluded.wrapped_key`,
        [operation.keyId, Buffer.from(operation.wrappedKey), operation.at],
      );
      return null;
    case 'destroyKey': {
      assertNonEmptyString(operation.keyId, 'keyId');
      const { rowCount } = await client.query('DELETE FROM keys WHERE key_id = $1', [operation.keyId]);
      return (rowCount ?? 0) > 0;
    }
    default: {
      const unknown: never = operation;
      throw new TypeError(`unknown write operation ${JSON.stringify(unknown)}`);
    }
  }
}

/** Changes, generation switches and checkpoint of one projection batch: one savepoint, all or nothing. */
async function applyPgProjection(client: pg.ClientBase, batch: ProjectionWrite, at: number): Promise<boolean[]> {
  const generation = batch.generation ?? null;
  const applied: boolean[] = [];
  // Runs of upserts of distinct documents go as one statement; anything else one change at a time.
  let run: DocumentUpsert[] = [];
  const flush = async (): Promise<void> => {
    if (run.length > 0) applied.push(...(await upsertPgDocuments(client, run, generation)));
    run = [];
  };
  const inRun = new Set<string>();
  for (const change of batch.changes) {
    if (change.kind === 'upsert') {
      const key = `${change.collection}\u0000${change.doc.id}`;
      if (inRun.has(key)) {
        await flush();
        inRun.clear();
      }
      inRun.add(key);
      run.push({ collection: change.collection, doc: change.doc });
      continue;
    }
    await flush();
    inRun.clear();
    applied.push(await applyPgChange(client, change, generation));
  }
  await flush();
  if (batch.activateGenerations) await activatePgGenerations(client, batch.activateGenerations);
  if (batch.checkpoint) await setPgCheckpoint(client, batch.checkpoint.name, batch.checkpoint.position, at);
  return applied;
}

async function applyPgChange(client: pg.ClientBase, change: ReadModelChange, generation: number | null): Promise<boolean> {
  switch (change.kind) {
    case 'upsert':
      return upsertPgDocument(client, change.collection, change.doc, generation);
    case 'delete':
      return deletePgDocument(client, change.collection, change.id, change.version, generation);
    case 'deleteCollection':
      return (await deletePgCollection(client, change.collection, generation)) > 0;
    default: {
      const unknown: never = change;
      throw new TypeError(`unknown read-model change ${JSON.stringify(unknown)}`);
    }
  }
}

async function setPgCheckpoint(client: pg.ClientBase, name: string, position: number, at: number): Promise<void> {
  assertNonEmptyString(name, 'checkpoint name');
  assertInteger(position, 'checkpoint position');
  await client.query(
    `INSERT INTO checkpoints (name, position, updated_at) VALUES ($1, $2, $3)
     ON CONFLICT (name) DO UPDATE SET position = excluded.position, updated_at = excluded.updated_at`,
    [name, position, at],
  );
}
