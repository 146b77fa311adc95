import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migratePgSchema } from '../postgres/migratePgSchema.js';
import { openPgStore } from '../postgres/openPgStore.js';
import { openPgClient } from '../postgres/openPgPool.js';
import { PG_MIGRATIONS } from '../postgres/pgMigrations.js';
import { dropSchemas, freshSchemaName, TEST_DATABASE_URL } from '../postgres/testing/testPostgres.js';
import type { StorePorts } from '../ports/StorePorts.js';
import { migrateSqliteSchema } from '../sqlite/migrateSqliteSchema.js';
import { openSqliteStore } from '../sqlite/openSqliteStore.js';
import { SQLITE_MIGRATIONS } from '../sqlite/sqliteMigrations.js';
import { tempStoreFile } from '../sqlite/testing/tempStoreFile.js';
import { ChainWalk } from './chainWalk.js';

/** Walks a store's whole chain: the break, or the head it ends on. */
async function walkStore(store: Pick<StorePorts, 'chain'>) {
  const walk = new ChainWalk();
  for (const { event, hash } of (await store.chain?.readLinks({ maxCount: 10_000 })) ?? []) {
    const broken = walk.step(event, hash);
    if (broken !== null) return { broken: broken.position, head: walk.head, events: walk.events };
  }
  return { broken: null, head: walk.head, events: walk.events };
}

/** Three appends, one of them a two-stream append inside one group. */
async function appendSome(store: StorePorts): Promise<void> {
  await store.eventStore.append('user-a', [{ type: 'A', data: { n: 1, nested: { b: 2, a: 1 } } }]);
  await Promise.all([
    store.eventStore.append('user-b', [{ type: 'B', data: { n: 2 }, metadata: { schemaVersion: 1 } }]),
    store.eventStore.appendMultiStream([
      { streamId: 'user-a', events: [{ type: 'A2', data: { n: 3 } }] },
      {
        streamId: 'signal-s',
        events: [
          { type: 'S', data: { text: 'héllo \u2028' } },
          { type: 'S2', data: [1, 'x', null] },
        ],
      },
    ]),
  ]);
}

describe('the hash chain as the stores keep it (issue 31, point 4)', () => {
  const schemas: string[] = [];
  afterAll(async () => {
    await dropSchemas(schemas);
  });

  it('given appends on SQLite (single and grouped), then every event is written chained and the chain walks to the last event', async () => {
    const { file, cleanup } = tempStoreFile();
    const store = await openSqliteStore({ file });
    try {
      await appendSome(store);
      const walked = await walkStore(store);
      expect(walked).toEqual({ broken: null, head: await store.chain?.head(), events: 5 });
      expect(walked.head?.position).toBe(5);
      const links = (await store.chain?.readLinks()) ?? [];
      expect(await store.chain?.hashesAt([2, 4, 99])).toEqual(
        new Map([
          [2, links[1]?.hash],
          [4, links[3]?.hash],
        ]),
      );
    } finally {
      await store.close();
      cleanup();
    }
  });

  it('given events sealed under a data key, when the key is destroyed (crypto-shredding), then the chain still verifies: it is over the stored ciphertext', async () => {
    const { file, cleanup } = tempStoreFile();
    const store = await openSqliteStore({ file });
    try {
      await store.keyStore.put('dk-1', new Uint8Array([1, 2, 3]));
      await store.eventStore.append('user-a', [
        { type: 'CredentialsSaved', data: { sealedPrivateKey: { v: 1, keyId: 'dk-1', iv: 'aXY=', ciphertext: 'Y3Q=', tag: 'dGFn' } } },
      ]);
      await store.eventStore.append('user-a', [{ type: 'CredentialsDeleted', data: { dataKeyId: 'dk-1' } }]);
      const before = await walkStore(store);

      expect(await store.keyStore.destroy('dk-1')).toBe(true);

      expect(await store.keyStore.get('dk-1')).toBeUndefined();
      expect(await walkStore(store)).toEqual(before);
      expect(before).toMatchObject({ broken: null, events: 2 });
    } finally {
      await store.close();
      cleanup();
    }
  });

  it('given a SQLite file written before the chain (schema 2), when opened, then migration 3 chains its events once; later appends carry on the chain; an event stays immutable, its hash too', async () => {
    const { file, cleanup } = tempStoreFile();
    try {
      // given: schema 2 and two events without hashes
      const old = new Database(file);
      migrateSqliteSchema(old, Date.now, SQLITE_MIGRATIONS.slice(0, 2));
      const insert = old.prepare('INSERT INTO events (stream_id, stream_version, event_id, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
      insert.run('user-a', 0, '00000000-0000-4000-8000-000000000001', 'A', '{"n":1}', null, 1_700_000_000_000);
      insert.run('user-a', 1, '00000000-0000-4000-8000-000000000002', 'B', '{"n":2}', '{"schemaVersion":1}', 1_700_000_000_001);
      old.close();
      // when
      const store = await openSqliteStore({ file });
      try {
        await store.eventStore.append('user-a', [{ type: 'C', data: { n: 3 } }]);
        // then
        expect(await walkStore(store)).toMatchObject({ broken: null, events: 3, head: { position: 3 } });
      } finally {
        await store.close();
      }
      const db = new Database(file);
      try {
        expect(() => db.prepare('UPDATE events SET data = \'{"n":9}\' WHERE global_position = 1').run()).toThrow(/immutable/);
        expect(() => db.prepare("UPDATE events SET hash = 'forged' WHERE global_position = 1").run()).toThrow(/immutable/);
        expect(() => db.prepare('DELETE FROM events WHERE global_position = 1').run()).toThrow(/immutable/);
      } finally {
        db.close();
      }
    } finally {
      cleanup();
    }
  });

  it('given appends on PostgreSQL (single and grouped), then every event is written chained and the chain walks to the last event', async () => {
    const schema = freshSchemaName('chain');
    schemas.push(schema);
    const store = await openPgStore({ url: TEST_DATABASE_URL, schema });
    try {
      await appendSome(store);
      const walked = await walkStore(store);
      expect(walked).toEqual({ broken: null, head: await store.chain?.head(), events: 5 });
      const links = (await store.chain?.readLinks()) ?? [];
      expect(await store.chain?.hashesAt([2, 4, 99])).toEqual(
        new Map([
          [2, links[1]?.hash],
          [4, links[3]?.hash],
        ]),
      );
    } finally {
      await store.close();
    }
  });

  it('given a PostgreSQL schema written before the chain (version 1), when opened, then migration 2 chains its events once and the trigger still refuses any other change', async () => {
    const schema = freshSchemaName('chainold');
    schemas.push(schema);
    const client = openPgClient({ url: TEST_DATABASE_URL, schema, applicationName: 'chain-test' });
    await client.connect();
    try {
      await migratePgSchema(client, schema, { clock: Date.now, sortFields: [], migrations: PG_MIGRATIONS.slice(0, 1) });
      await client.query(
        `INSERT INTO events (global_position, stream_id, stream_version, event_id, type, data, metadata, recorded_at) VALUES
         (1, 'user-a', 0, '00000000-0000-4000-8000-000000000001', 'A', '{"n":1}', NULL, 1700000000000),
         (2, 'user-a', 1, '00000000-0000-4000-8000-000000000002', 'B', '{"n" : 2}', '{"schemaVersion":1}', 1700000000001)`,
      );
      await client.query('UPDATE log_head SET position = 2');
    } finally {
      await client.end();
    }
    const store = await openPgStore({ url: TEST_DATABASE_URL, schema });
    try {
      await store.eventStore.append('user-a', [{ type: 'C', data: { n: 3 } }]);
      expect(await walkStore(store)).toMatchObject({ broken: null, events: 3, head: { position: 3 } });
    } finally {
      await store.close();
    }
    const check = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await check.connect();
    try {
      await expect(check.query(`UPDATE "${schema}".events SET data = '{"n":9}' WHERE global_position = 1`)).rejects.toThrow(/immutable/);
      await expect(check.query(`UPDATE "${schema}".events SET hash = 'forged' WHERE global_position = 1`)).rejects.toThrow(/immutable/);
      await expect(check.query(`DELETE FROM "${schema}".events WHERE global_position = 1`)).rejects.toThrow(/immutable/);
    } finally {
      await check.end();
    }
  });
});
