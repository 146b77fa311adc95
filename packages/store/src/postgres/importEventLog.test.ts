import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventStore } from '../ports/EventStore.js';
import type { RecordedEvent } from '../ports/events.js';
import { openSqliteStore, type SqliteStore } from '../sqlite/openSqliteStore.js';
import { tempStoreFile } from '../sqlite/testing/tempStoreFile.js';
import { importEventLog, readSqliteCheckpoints, readSqliteKeys } from './importEventLog.js';
import { openPgStore } from './openPgStore.js';
import { dropSchemas, freshSchemaName, TEST_DATABASE_URL } from './testing/testPostgres.js';

/** Every event of a log, in pages small enough to take several. */
async function wholeLog(eventStore: Pick<EventStore, 'readAll'>): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for (;;) {
    const page = await eventStore.readAll({ fromPosition: events.at(-1)?.globalPosition ?? 0, maxCount: 3 });
    if (page.length === 0) return events;
    events.push(...page);
  }
}

/** The `keys` table of a PostgreSQL store as stored. */
async function pgKeys(schema: string): Promise<{ key_id: string; wrapped_key: Buffer; created_at: string }[]> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return (
      await client.query<{ key_id: string; wrapped_key: Buffer; created_at: string }>(
        `SELECT key_id, wrapped_key, created_at FROM "${schema}".keys ORDER BY key_id`,
      )
    ).rows;
  } finally {
    await client.end();
  }
}

/** Several streams, events with and without metadata, text that array literals and JSON must escape. */
async function seed(store: SqliteStore): Promise<void> {
  await store.eventStore.append('user-ünïcødé', [
    {
      type: 'UserSignedUp',
      data: { email: 'zoë@example.com', name: 'Zoë 山田 🚀', note: 'quotes " \\ back\\slash, {braces}, commas' },
      metadata: { schemaVersion: 1, correlationId: randomUUID() },
    },
    { type: 'SettingsChanged', data: { leverage: 3.5, tags: ['a', 'b,c', '{d}'], nested: { deep: [null, true, false, 0, -1.25e-7, 1e21] } } },
  ]);
  await store.eventStore.append('signal-1', [
    { eventId: randomUUID(), type: 'SignalReceived', data: { raw: 'line 1\nline 2\ttab \u0000 nul', emptyObject: {}, emptyList: [] } },
  ]);
  await store.eventStore.appendMultiStream([
    { streamId: 'signal-2', events: [{ type: 'SignalReceived', data: 'a bare string', metadata: { causationId: randomUUID(), extra: { any: ['json'] } } }] },
    { streamId: 'claim-2', events: [{ type: 'Claimed', data: null }], expectedVersion: 'no_stream' },
  ]);
  await store.eventStore.append('user-ünïcødé', [{ type: 'KeysSaved', data: { sealed: 'v1.AAAA' } }]);
  for (let i = 0; i < 10; i += 1) await store.eventStore.append(`account-${i % 3}`, [{ type: 'FillRecorded', data: { n: i } }]);
  await store.keyStore.put('dek-user-1', randomBytes(32));
  await store.keyStore.put('dek-user-2', new Uint8Array([0, 0, 255, 0, 1, 92, 34, 44, 123, 125])); // zeros, backslash, quote, comma, braces
}

describe('importEventLog: the embedded log into PostgreSQL', () => {
  const schemas: string[] = [];
  let schema: string;
  let file: string;
  let cleanup: () => void;
  let source: SqliteStore;
  let recordedAt: number;

  beforeEach(async () => {
    schemas.push((schema = freshSchemaName('imp')));
    ({ file, cleanup } = tempStoreFile());
    recordedAt = Date.UTC(2024, 0, 1);
    source = await openSqliteStore({ file, writerThread: false, backgroundCheckpoints: false, clock: () => (recordedAt += 1_234) });
    await seed(source);
  });
  afterEach(async () => {
    await source.close();
    cleanup();
  });
  afterAll(() => dropSchemas(schemas));

  const importInto = (target: string, from: Pick<EventStore, 'readAll' | 'headPosition'> = source.eventStore, onProgress?: (events: number) => void) =>
    importEventLog({
      source: from,
      keys: () => readSqliteKeys(file),
      url: TEST_DATABASE_URL,
      schema: target,
      pageSize: 4,
      onProgress: (p) => onProgress?.(p.events),
    });

  it('given a SQLite log of several streams, when it is imported, then both logs read the same: positions, versions, ids, types, data, metadata and recordedAt', async () => {
    const progress: number[] = [];

    const result = await importInto(schema, source.eventStore, (events) => progress.push(events));

    const expected = await wholeLog(source.eventStore);
    const target = await openPgStore({ url: TEST_DATABASE_URL, schema, poolSize: 2 });
    try {
      const copied = await wholeLog(target.eventStore);
      expect(copied).toEqual(expected);
      expect(copied.filter((event) => event.metadata === undefined).length).toBeGreaterThan(0);
      expect(await target.eventStore.readStream('user-ünïcødé')).toEqual(await source.eventStore.readStream('user-ünïcødé'));
      expect(await target.eventStore.headPosition()).toBe(await source.eventStore.headPosition());
      expect(result).toEqual({ events: expected.length, position: expected.at(-1)?.globalPosition, keys: 2, checkpoints: 0 });
      expect(progress).toEqual([4, 8, 12, 16]);
    } finally {
      await target.close();
    }
  });

  it("given an imported log, when events are appended to the PostgreSQL store, then they take the next position and the stream's next version", async () => {
    const { position } = await importInto(schema);
    const target = await openPgStore({ url: TEST_DATABASE_URL, schema, poolSize: 2 });
    try {
      const appended = await target.eventStore.append('user-ünïcødé', [{ type: 'KeysDeleted', data: {} }], { expectedVersion: 2 });
      const fresh = await target.eventStore.append('user-new', [{ type: 'UserSignedUp', data: {} }]);

      expect(appended).toEqual({ nextExpectedVersion: 3, lastPosition: position + 1 });
      expect(fresh).toEqual({ nextExpectedVersion: 0, lastPosition: position + 2 });
      expect((await target.eventStore.readAll({ fromPosition: position })).map((event) => event.streamId)).toEqual(['user-ünïcødé', 'user-new']);
    } finally {
      await target.close();
    }
  });

  it('given a target that already holds events, when a log is imported into it, then it is refused and the target is left as it was', async () => {
    await importInto(schema);
    const other = tempStoreFile();
    const second = await openSqliteStore({ file: other.file, writerThread: false, backgroundCheckpoints: false });
    await second.eventStore.append('user-other', [{ type: 'UserSignedUp', data: {} }]);
    await second.keyStore.put('dek-other', randomBytes(32));
    const keysBefore = await pgKeys(schema);
    const target = await openPgStore({ url: TEST_DATABASE_URL, schema, poolSize: 2 });
    try {
      const before = await wholeLog(target.eventStore);

      const refused = importEventLog({ source: second.eventStore, keys: () => readSqliteKeys(other.file), url: TEST_DATABASE_URL, schema });

      await expect(refused).rejects.toThrow(`the target store already holds ${before.length} events`);
      expect(await wholeLog(target.eventStore)).toEqual(before);
      expect(await target.eventStore.headPosition()).toBe(before.at(-1)?.globalPosition);
      expect(await pgKeys(schema)).toEqual(keysBefore);
    } finally {
      await target.close();
      await second.close();
      other.cleanup();
    }
  });

  it('given wrapped data keys in the SQLite store, when it is imported, then every key is in PostgreSQL byte for byte, with its creation time', async () => {
    await importInto(schema);

    const copied = await pgKeys(schema);
    const original = readSqliteKeys(file);
    expect(copied.map((row) => ({ keyId: row.key_id, wrappedKey: new Uint8Array(row.wrapped_key), createdAt: Number(row.created_at) }))).toEqual(original);
    const target = await openPgStore({ url: TEST_DATABASE_URL, schema, poolSize: 2 });
    try {
      for (const key of original) expect(Buffer.from((await target.keyStore.get(key.keyId)) ?? [])).toEqual(Buffer.from(key.wrappedKey));
    } finally {
      await target.close();
    }
  });

  it("given checkpoints in the SQLite store, when it is imported with them, then the consumers' checkpoints are in PostgreSQL as they were; one beyond the copied log is refused", async () => {
    await source.checkpoints.set('executor', 9);
    await source.checkpoints.set('executor-fills', 12);
    const consumers = () => readSqliteCheckpoints(file).filter((checkpoint) => checkpoint.name.startsWith('executor'));
    await importEventLog({ source: source.eventStore, keys: () => [], checkpoints: consumers, url: TEST_DATABASE_URL, schema });
    const target = await openPgStore({ url: TEST_DATABASE_URL, schema, poolSize: 2 });
    try {
      expect([await target.checkpoints.get('executor'), await target.checkpoints.get('executor-fills')]).toEqual([9, 12]);
    } finally {
      await target.close();
    }
    const other = freshSchemaName('imp');
    schemas.push(other);
    const ahead = () => [{ name: 'executor', position: 10_000, updatedAt: 1 }];
    await expect(importEventLog({ source: source.eventStore, keys: () => [], checkpoints: ahead, url: TEST_DATABASE_URL, schema: other })).rejects.toThrow(
      /checkpoints beyond the copied log/,
    );
  });

  it('given a source that gets an event after the last page was read, when it is imported, then the import fails and the target stays empty, ready for another run', async () => {
    const moving: Pick<EventStore, 'readAll' | 'headPosition'> = {
      readAll: (options) => source.eventStore.readAll(options),
      headPosition: async () => {
        await source.eventStore.append('signal-late', [{ type: 'SignalReceived', data: {} }]);
        return source.eventStore.headPosition();
      },
    };

    await expect(importInto(schema, moving)).rejects.toThrow(/the source log moved on during the copy/);

    const target = await openPgStore({ url: TEST_DATABASE_URL, schema, poolSize: 2 });
    try {
      expect(await target.eventStore.headPosition()).toBe(0);
      expect(await target.eventStore.readAll()).toEqual([]);
      expect(await pgKeys(schema)).toEqual([]);
    } finally {
      await target.close();
    }
    await expect(importInto(schema)).resolves.toMatchObject({ events: 17, position: 17, keys: 2 });
  });
});
