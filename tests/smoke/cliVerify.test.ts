import { join } from 'node:path';
import { openPgStore, openSqliteStore, type StorePorts } from '@hyperhook/store';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { dropSchemas, freshSchemaName, TEST_DATABASE_URL } from '../../packages/store/src/postgres/testing/testPostgres.js';
import { SystemHarness } from '../system/harness.js';

/** Four events on three streams: the log every case alters. */
async function writeLog(store: StorePorts): Promise<void> {
  await store.eventStore.append('user-alice', [{ type: 'UserSignedUp', data: { uid: 'alice', email: 'alice@example.com' } }]);
  await store.eventStore.append('signal-s1', [{ type: 'SignalReceived', data: { signalId: 's1', userId: 'alice', size: 100 } }]);
  await store.eventStore.append('signal-s1', [{ type: 'SignalExecuted', data: { signalId: 's1', px: '97000' } }]);
  await store.eventStore.append('user-alice', [{ type: 'SettingsUpdated', data: { leverage: 3 } }]);
}

/** Ways to rewrite a log, as SQL run with the immutability triggers out of the way, and the first position a verify must name. */
const ALTERATIONS: readonly [what: string, sql: string, firstBad: number][] = [
  ['a changed row', `UPDATE events SET data = '{"signalId":"s1","userId":"alice","size":900}' WHERE global_position = 2`, 2],
  ['a deleted row', 'DELETE FROM events WHERE global_position = 2', 3],
  // The events at 2 and 3 trade places, each with its stored hash.
  [
    'two rows swapped',
    'UPDATE events SET global_position = 10 WHERE global_position = 2; UPDATE events SET global_position = 2 WHERE global_position = 3; UPDATE events SET global_position = 3 WHERE global_position = 10;',
    2,
  ],
];

describe('hyperhook verify (issue 31, point 4)', () => {
  let world: SystemHarness | undefined;
  const schemas: string[] = [];
  afterEach(async () => {
    await world?.cleanup();
  });
  afterAll(async () => {
    await dropSchemas(schemas);
  });

  async function verify(env: Record<string, string> = {}) {
    const run = world!.spawnCli('verify', ['verify'], world!.env(env));
    const code = await run.exited;
    return { code, json: run.json, output: run.output() };
  }

  describe('on SQLite', () => {
    async function freshLog(): Promise<{ file: string; head: unknown }> {
      world = new SystemHarness();
      const file = join(world.dataDir, 'hyperhook.db');
      const store = await openSqliteStore({ file });
      try {
        await writeLog(store);
        return { file, head: await store.chain?.head() };
      } finally {
        await store.close();
      }
    }

    function alter(file: string, sql: string): void {
      const db = new Database(file);
      try {
        db.exec('DROP TRIGGER events_no_update; DROP TRIGGER events_no_delete;');
        db.exec(sql);
      } finally {
        db.close();
      }
    }

    it('given an intact log, when verifying, then exit 0 with the head position and hash the store serves', async () => {
      const { head } = await freshLog();
      const result = await verify();
      expect(result.code, result.output).toBe(0);
      expect(result.json.find((line) => line.msg === 'verified')).toEqual({ msg: 'verified', events: 4, head });
      expect(head).toMatchObject({ position: 4, hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    }, 30_000);

    it.each(ALTERATIONS)(
      'given %s, when verifying, then it exits 1 naming the first bad position',
      async (_what, sql, firstBad) => {
        const { file } = await freshLog();
        alter(file, sql);
        const result = await verify();
        expect(result.code, result.output).toBe(1);
        expect(result.json.find((line) => line.msg === 'chain broken')).toMatchObject({ position: firstBad });
        expect(result.output).toContain(`does not verify from position ${firstBad}`);
      },
      30_000,
    );
  });

  describe('on PostgreSQL', () => {
    async function freshLog(): Promise<{ schema: string; head: unknown }> {
      world = new SystemHarness();
      const schema = freshSchemaName('verify');
      schemas.push(schema);
      const store = await openPgStore({ url: TEST_DATABASE_URL, schema });
      try {
        await writeLog(store);
        return { schema, head: await store.chain?.head() };
      } finally {
        await store.close();
      }
    }

    async function alter(schema: string, sql: string): Promise<void> {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      try {
        await client.query(`SET search_path TO "${schema}"; ALTER TABLE events DISABLE TRIGGER USER; ${sql}`);
      } finally {
        await client.end();
      }
    }

    const env = (schema: string) => ({ DATABASE_URL: TEST_DATABASE_URL, HYPERHOOK_DATABASE_SCHEMA: schema });

    it('given an intact log, when verifying, then exit 0 with the head position and hash the store serves', async () => {
      const { schema, head } = await freshLog();
      const result = await verify(env(schema));
      expect(result.code, result.output).toBe(0);
      expect(result.json.find((line) => line.msg === 'verified')).toEqual({ msg: 'verified', events: 4, head });
    }, 30_000);

    it.each(ALTERATIONS)(
      'given %s, when verifying, then it exits 1 naming the first bad position',
      async (_what, sql, firstBad) => {
        const { schema } = await freshLog();
        await alter(schema, sql);
        const result = await verify(env(schema));
        expect(result.code, result.output).toBe(1);
        expect(result.json.find((line) => line.msg === 'chain broken')).toMatchObject({ position: firstBad });
      },
      30_000,
    );
  });
});
