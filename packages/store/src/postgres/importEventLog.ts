import type pg from 'pg';
import { chainHash, GENESIS_HASH } from '../chain/eventChainHash.js';
import type { EventStore } from '../ports/EventStore.js';
import type { GlobalPosition, RecordedEvent } from '../ports/events.js';
import { DEFAULT_SORT_FIELDS } from '../sqlite/ensureSortIndexes.js';
import { insertEventRows } from './insertEventRows.js';
import { migratePgSchema } from './migratePgSchema.js';
import { openPgClient } from './openPgPool.js';
import type { CheckpointRow } from './readSqliteCheckpoints.js';
import type { WrappedKeyRow } from './readSqliteKeys.js';

// What a caller needs to feed the keys and checkpoints of an embedded store to importEventLog.
export { readSqliteKeys, type WrappedKeyRow } from './readSqliteKeys.js';
export { readSqliteCheckpoints, type CheckpointRow } from './readSqliteCheckpoints.js';

/** Options of importEventLog. */
export type ImportEventLogOptions = {
  /**
   * The log to copy. Every process writing to it should be stopped: the import fails (and leaves
   * the target empty) when the source's head moved past the last event it copied.
   */
  readonly source: Pick<EventStore, 'readAll' | 'headPosition'>;
  /**
   * The source's wrapped data keys, asked for once every event is copied: a key is stored before
   * the first event sealed with it, so the keys read then cover every copied event.
   */
  readonly keys: () => readonly WrappedKeyRow[] | Promise<readonly WrappedKeyRow[]>;
  /**
   * Consumers' checkpoints to carry over (positions are the same on the target), asked for once
   * every event is copied. Leave out the read models' own: they are rebuilt by replay.
   */
  readonly checkpoints?: () => readonly CheckpointRow[] | Promise<readonly CheckpointRow[]>;
  /** `postgres://user:password@host:5432/database`. */
  readonly url: string;
  /** Default 'hyperhook'; created and migrated if needed. */
  readonly schema?: string;
  /** Events read from the source and inserted per statement, default 5,000. */
  readonly pageSize?: number;
  /** Called after each page with the events copied so far and the position reached. */
  readonly onProgress?: (progress: { readonly events: number; readonly position: GlobalPosition }) => void;
  /** Timestamp of the schema migration record, default Date.now. */
  readonly clock?: () => number;
};

/** What an import copied, as counted in the target before its commit. */
export type ImportEventLogResult = {
  readonly events: number;
  /** The target's head: the source's last position. */
  readonly position: GlobalPosition;
  readonly keys: number;
  readonly checkpoints: number;
};

const DEFAULT_PAGE_SIZE = 5000;

/**
 * Copies an event log (and its wrapped data keys) into an empty PostgreSQL store, with global
 * positions, stream versions, event ids, types, data, metadata and recordedAt as they are, so
 * checkpoints, causation links and exports keep meaning the same thing. Read models are not
 * copied: rebuild them on the target (replayAll).
 *
 * The whole copy is ONE transaction, holding the `log_head` row lock from the emptiness check to
 * the commit. A crash or an error anywhere leaves the target exactly as it was (empty), so the
 * import can simply be run again; a batch-by-batch commit would instead leave a partial log that
 * a store opened on the schema in between could append after, making the copy unrepeatable and
 * the target's positions no longer the source's. The lock also keeps every appender of other
 * processes waiting rather than interleaving positions with the copy.
 */
export async function importEventLog(options: ImportEventLogOptions): Promise<ImportEventLogResult> {
  const schema = options.schema ?? 'hyperhook';
  const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
  if (!Number.isSafeInteger(pageSize) || pageSize < 1) throw new RangeError(`pageSize must be a positive integer, got ${pageSize}`);
  const client = openPgClient({ url: options.url, schema, applicationName: 'hyperhook-migrate' });
  await client.connect();
  try {
    await migratePgSchema(client, schema, { clock: options.clock ?? Date.now, sortFields: DEFAULT_SORT_FIELDS });
    await client.query('BEGIN');
    try {
      const result = await copyLog(client, schema, options, pageSize);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined); // a broken connection rolls back on its own
      throw error;
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function copyLog(client: pg.ClientBase, schema: string, options: ImportEventLogOptions, pageSize: number): Promise<ImportEventLogResult> {
  await client.query('SELECT position FROM log_head FOR UPDATE');
  const held = await countRows(client, 'events');
  if (held > 0) throw new Error(`the target store already holds ${held} events (PostgreSQL schema ${schema}): the log can only be copied into an empty store`);
  const heldKeys = await countRows(client, 'keys');
  if (heldKeys > 0)
    throw new Error(`the target store already holds ${heldKeys} keys (PostgreSQL schema ${schema}): the log can only be copied into an empty store`);

  let position: GlobalPosition = 0;
  let copied = 0;
  // The copy is chained as it is written: positions are not hashed, so the chain is the source's.
  let previous = GENESIS_HASH;
  for (;;) {
    const page = await options.source.readAll({ fromPosition: position, maxCount: pageSize });
    if (page.length === 0) break;
    previous = await insertEvents(client, page, previous);
    copied += page.length;
    position = page[page.length - 1]!.globalPosition;
    options.onProgress?.({ events: copied, position });
  }
  const sourceHead = await options.source.headPosition();
  if (sourceHead !== position) {
    throw new Error(
      `the source log moved on during the copy (its head is at ${sourceHead}, the copy reached ${position}): stop every process using it and run the copy again`,
    );
  }

  const keys = await options.keys();
  await insertKeys(client, keys);
  const checkpoints = (await options.checkpoints?.()) ?? [];
  const beyond = checkpoints.filter((checkpoint) => checkpoint.position > position);
  if (beyond.length > 0) throw new Error(`checkpoints beyond the copied log (at ${position}): ${beyond.map((c) => `${c.name} at ${c.position}`).join(', ')}`);
  await insertCheckpoints(client, checkpoints);
  await client.query('UPDATE log_head SET position = $1', [position]);

  const { rows } = await client.query<[number, number]>({ text: 'SELECT count(*), coalesce(max(global_position), 0) FROM events', rowMode: 'array' });
  const [events, head] = rows[0] ?? [0, 0];
  if (events !== copied || head !== position)
    throw new Error(`the copy does not add up: ${copied} events read up to position ${position}, ${events} stored up to ${head}`);
  return { events, position, keys: keys.length, checkpoints: checkpoints.length };
}

async function countRows(client: pg.ClientBase, table: 'events' | 'keys'): Promise<number> {
  const { rows } = await client.query<[number]>({ text: `SELECT count(*) FROM ${table}`, rowMode: 'array' });
  return rows[0]?.[0] ?? 0;
}

/** One statement per page (insertEventRows), the event's JSON as the store wrote it, each chained to the one before; returns the last hash. */
async function insertEvents(client: pg.ClientBase, events: readonly RecordedEvent[], previousHash: string): Promise<string> {
  let previous = previousHash;
  await insertEventRows(
    client,
    events.map((event) => ({
      position: event.globalPosition,
      streamId: event.streamId,
      version: event.streamVersion,
      eventId: event.eventId,
      type: event.type,
      data: JSON.stringify(event.data),
      metadata: event.metadata === undefined ? null : JSON.stringify(event.metadata),
      recordedAt: event.recordedAt,
      hash: (previous = chainHash(previous, event)),
    })),
  );
  return previous;
}

async function insertCheckpoints(client: pg.ClientBase, checkpoints: readonly CheckpointRow[]): Promise<void> {
  if (checkpoints.length === 0) return;
  await client.query(
    `INSERT INTO checkpoints (name, position, updated_at) SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[])
     ON CONFLICT (name) DO UPDATE SET position = excluded.position, updated_at = excluded.updated_at`,
    [checkpoints.map((c) => c.name), checkpoints.map((c) => c.position), checkpoints.map((c) => c.updatedAt)],
  );
}

async function insertKeys(client: pg.ClientBase, keys: readonly WrappedKeyRow[]): Promise<void> {
  if (keys.length === 0) return;
  await client.query('INSERT INTO keys (key_id, wrapped_key, created_at) SELECT * FROM unnest($1::text[], $2::bytea[], $3::bigint[])', [
    keys.map((key) => key.keyId),
    keys.map((key) => Buffer.from(key.wrappedKey)),
    keys.map((key) => key.createdAt),
  ]);
}
