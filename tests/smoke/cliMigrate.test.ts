import { join } from 'node:path';
import { allProjections } from '@hyperhook/domain';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropSchemas, freshSchemaName, TEST_DATABASE_URL } from '../../packages/store/src/postgres/testing/testPostgres.js';
import { freePort, SystemHarness, type RoleProcess } from '../system/harness.js';
import { SystemStack, type StackUser } from '../system/stack.js';
import {
  ACTIVE_DOCS,
  byCollection,
  EVENTS,
  runEmbeddedHistory,
  signInAgain,
  sqliteRows,
  toDoc,
  toEvent,
  tradeOnce,
  type EmbeddedHistory,
} from './embeddedHistory.js';

/** A password the server (trust auth) ignores: it is there to prove migrate never prints it. */
const PASSWORD = 'pw-never-printed-42';
const targetUrl = (): string => {
  const url = new URL(TEST_DATABASE_URL);
  url.password = PASSWORD;
  return url.toString();
};

type StoredKey = { keyId: string; wrappedKey: string; createdAt: number };
const KEYS = (keys: string) => `SELECT key_id, wrapped_key, created_at FROM ${keys} ORDER BY key_id`;

type Row = Record<string, unknown>;
const toKey = (row: Row): StoredKey => ({
  keyId: String(row.key_id),
  wrappedKey: Buffer.from(row.wrapped_key as Uint8Array).toString('hex'),
  createdAt: Number(row.created_at),
});

/** Rows of the PostgreSQL store (json and jsonb come back parsed). */
async function pgRows(sql: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<Row>(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('hyperhook migrate --to postgres://… (given the product ran on the embedded store: two users, saved keys, settings, alerts, orders and fills, a paper strategy)', () => {
  const world = new SystemHarness();
  const stack = new SystemStack(world);
  const schema = freshSchemaName('migrate');
  const file = join(world.dataDir, 'hyperhook.db');
  let users: StackUser[] = [];
  let before: EmbeddedHistory['before'] = new Map();
  let migrate: RoleProcess;
  let roleEnv: (extra: Record<string, string>) => NodeJS.ProcessEnv;

  beforeAll(async () => {
    ({ users, before, roleEnv } = await runEmbeddedHistory(world, stack));
    migrate = world.spawnCli('migrate', ['migrate', '--to', targetUrl()], world.env({ HYPERHOOK_DATABASE_SCHEMA: schema }));
    expect(await migrate.exited, migrate.output()).toBe(0);
  }, 180_000);

  afterAll(async () => {
    await world.cleanup();
    await dropSchemas([schema]);
  });

  it("then it reports one JSON line with the events, head, keys and read-model generation, and never prints the URL's password", () => {
    const head = Number(sqliteRows(file, 'SELECT max(global_position) AS head FROM events')[0]?.head);
    const events = Number(sqliteRows(file, 'SELECT count(*) AS n FROM events')[0]?.n);
    const keys = sqliteRows(file, 'SELECT count(*) AS n FROM keys')[0]?.n;
    const checkpoints = sqliteRows(file, `SELECT count(*) AS n FROM checkpoints WHERE name NOT LIKE '%@g%'`)[0]?.n;

    expect(migrate.json.filter((line) => line.msg === 'migrated')).toEqual([
      { msg: 'migrated', events, position: head, keys, checkpoints, readModelsGeneration: 1, seconds: expect.any(Number) },
    ]);
    expect(keys).toBeGreaterThanOrEqual(users.length);
    expect(migrate.output()).toMatch(/master key/);
    expect(migrate.lines.filter((line) => line.includes(PASSWORD))).toEqual([]);
  });

  it('then the PostgreSQL log is the embedded one, event for event (positions, versions, ids, types, data, metadata, recordedAt), and the keys are the same bytes', async () => {
    const embedded = sqliteRows(file, EVENTS('events')).map((row) => toEvent(row, true));
    const migrated = (await pgRows(EVENTS(`"${schema}".events`))).map((row) => toEvent(row, false));

    expect(migrated).toEqual(embedded);
    expect(embedded.map((event) => event.type)).toEqual(
      expect.arrayContaining(['UserSignedUp', 'SignalReceived', 'OrderSubmitted', 'SignalExecuted', 'SignalRejected', 'FillRecorded', 'BalanceSnapshotTaken']),
    );
    expect((await pgRows(KEYS(`"${schema}".keys`))).map(toKey)).toEqual(sqliteRows(file, KEYS('keys')).map(toKey));
  });

  it('issue 31, point 4: then the hash chain carries over, link for link: the PostgreSQL log verifies to the embedded head', async () => {
    const HASHES = (events: string) => `SELECT global_position, hash FROM ${events} ORDER BY global_position`;
    const embedded = sqliteRows(file, HASHES('events')).map((row) => [Number(row.global_position), row.hash]);
    const migrated = (await pgRows(HASHES(`"${schema}".events`))).map((row) => [Number(row.global_position), row.hash]);

    expect(embedded.every(([, hash]) => typeof hash === 'string' && /^[0-9a-f]{64}$/.test(hash))).toBe(true);
    expect(migrated).toEqual(embedded);
    const verify = world.spawnCli('verify', ['verify'], roleEnv({ DATABASE_URL: TEST_DATABASE_URL, HYPERHOOK_DATABASE_SCHEMA: schema }));
    expect(await verify.exited, verify.output()).toBe(0);
    expect(verify.json.find((line) => line.msg === 'verified')).toEqual({
      msg: 'verified',
      events: embedded.length,
      head: { position: embedded.at(-1)?.[0], hash: embedded.at(-1)?.[1] },
    });
  });

  it("then the executor's, its fill recorder's and the push notifier's checkpoints carry over, so none of them rescans or skips the log", async () => {
    const CONSUMERS = (table: string) => `SELECT name, position FROM ${table} WHERE name NOT LIKE '%@g%' ORDER BY name`;
    const embedded = sqliteRows(file, CONSUMERS('checkpoints')).map((row) => ({ name: row.name, position: Number(row.position) }));
    const migrated = (await pgRows(CONSUMERS(`"${schema}".checkpoints`))).map((row) => ({ name: row.name, position: Number(row.position) }));

    expect(embedded.map((row) => row.name)).toEqual(expect.arrayContaining(['executor', 'executor-fills']));
    expect(migrated).toEqual(embedded);
  });

  it('then every read-model collection holds, document for document, what the embedded store held (id, userId, version, data)', async () => {
    // The read models are the projections' collections; the notice scheduler's own state beside
    // them is not copied, and with its checkpoint alone it reads the log from the start again.
    const readModels = new Set(allProjections.map((projection) => projection.collection));
    const embedded = sqliteRows(file, ACTIVE_DOCS('docs', 'collections'))
      .map((row) => toDoc(row, true))
      .filter((doc) => readModels.has(doc.collection));
    const migrated = (await pgRows(ACTIVE_DOCS(`"${schema}".docs`, `"${schema}".collections`)))
      .map((row) => toDoc(row, false))
      .filter((doc) => readModels.has(doc.collection));

    expect(byCollection(migrated)).toEqual(byCollection(embedded));
    const filled = new Set(embedded.map((doc) => doc.collection));
    // Counted refusals need a flood past ten times a URL's budget, which this day of trading has
    // none of; the copy moves the docs table whole, whatever the collection.
    const unreached = new Set(['alertRefusals']);
    expect(allProjections.map((projection) => projection.collection).filter((collection) => !filled.has(collection) && !unreached.has(collection))).toEqual([]);
    // Each user's four alerts; alice's paper alert besides.
    const logsOf = (user: StackUser) => embedded.filter((doc) => doc.userId === user.uid && doc.collection === 'webhookLogs').length;
    expect(users.map(logsOf)).toEqual([5, 4]);
  });

  it('when migrate runs again into the migrated schema, then it is refused, saying how many events the target holds, and the target is left as it was', async () => {
    const held = await pgRows(EVENTS(`"${schema}".events`));

    const again = world.spawnCli('migrate-again', ['migrate', '--to', targetUrl()], world.env({ HYPERHOOK_DATABASE_SCHEMA: schema }));

    expect(await again.exited, again.output()).toBe(1);
    expect(again.output()).toContain(`the target store already holds ${held.length} events`);
    expect(again.lines.filter((line) => line.includes(PASSWORD))).toEqual([]);
    expect(await pgRows(EVENTS(`"${schema}".events`))).toEqual(held);
  });

  it('when `start` runs with DATABASE_URL on the migrated schema, then each user logs in and sees their webhook logs and keys, and a new alert is traded with the copied keys', async () => {
    const apiUrl = `http://127.0.0.1:${await freePort()}`;
    const product = world.spawnCli(
      'start-pg',
      ['start'],
      roleEnv({ DATABASE_URL: targetUrl(), HYPERHOOK_DATABASE_SCHEMA: schema, PORT: new URL(apiUrl).port, PUBLIC_URL: apiUrl }),
    );
    await product.waitForJson((line) => line.msg === 'ready');

    for (const user of users) {
      const seen = before.get(user.uid)!;
      const again = await signInAgain(apiUrl, user, seen.email);

      expect(again.logs).toEqual(seen.logs);
      expect(again.keys).toEqual(seen.keys);
      expect(again.webhookPath).toBe(seen.webhookPath);
      // Signing the order needs the saved private key, sealed under a copied data key.
      expect(await tradeOnce(stack, apiUrl, again.trader)).toBe('executed');
    }
    product.child.kill('SIGTERM');
    expect(await product.exited, product.output()).toBe(0);
  }, 90_000);
});
