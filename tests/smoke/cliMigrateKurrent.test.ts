import { randomBytes } from 'node:crypto';
import { allProjections } from '@hyperhook/domain';
import { createInProcessNotifier, type RecordedEvent, type StorePorts } from '@hyperhook/store';
import { openKurrentMongoStore } from '@hyperhook/store/kurrentmongo';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, SystemHarness, type RoleProcess } from '../system/harness.js';
import { SYSTEM_KURRENTDB_URL, SYSTEM_MONGODB_URL, SystemStack, withMongoDatabase } from '../system/stack.js';
import { ACTIVE_DOCS, EVENTS, runEmbeddedHistory, signInAgain, sqliteRows, toDoc, toEvent, tradeOnce, type EmbeddedHistory } from './embeddedHistory.js';

// The same journey as cliMigrate.test.ts, into the design card's backend: it runs where both
// servers exist (the cluster workflow's KurrentDB + MongoDB job, or KURRENTDB_URL and MONGODB_URL
// set locally). The copying and checking logic runs on every build (store/src/migration).
const kurrentUrl = SYSTEM_KURRENTDB_URL;
const mongoUrl = SYSTEM_MONGODB_URL;

if (kurrentUrl === undefined || mongoUrl === undefined) {
  it('hyperhook migrate --to kurrentdb://…: not run — KURRENTDB_URL and MONGODB_URL are not both set', () => {
    expect(kurrentUrl === undefined || mongoUrl === undefined).toBe(true);
  });
} else {
  describe('hyperhook migrate --to kurrentdb://… with MONGODB_URL (given the product ran on the embedded store: two users, saved keys, settings, alerts, orders and fills)', () => {
    const world = new SystemHarness();
    const stack = new SystemStack(world);
    // A fresh namespace and database: KurrentDB keeps what a test wrote, so nothing is reused.
    const name = `mig_${randomBytes(6).toString('hex')}`;
    const targetEnv = { MONGODB_URL: withMongoDatabase(mongoUrl, name), HYPERHOOK_KURRENTDB_NAMESPACE: name };
    let history: EmbeddedHistory;
    let migrate: RoleProcess;
    let target: StorePorts;
    let copied: RecordedEvent[];

    beforeAll(async () => {
      history = await runEmbeddedHistory(world, stack);
      migrate = world.spawnCli('migrate', ['migrate', '--to', kurrentUrl], world.env(targetEnv));
      expect(await migrate.exited, migrate.output()).toBe(0);
      target = await openKurrentMongoStore({ kurrentUrl, mongoUrl, database: name, streamNamespace: name, notifier: createInProcessNotifier() });
      copied = await target.eventStore.readAll({ maxCount: 100_000 });
    }, 240_000);

    afterAll(async () => {
      await world.cleanup();
      await target?.close();
      const client = new MongoClient(mongoUrl);
      await client
        .db(name)
        .dropDatabase()
        .finally(() => client.close());
    });

    it('then it reports one JSON line with the events, keys, checkpoints and read-model generation', () => {
      const events = Number(sqliteRows(history.file, 'SELECT count(*) AS n FROM events')[0]?.n);
      const keys = sqliteRows(history.file, 'SELECT count(*) AS n FROM keys')[0]?.n;
      const checkpoints = sqliteRows(history.file, `SELECT count(*) AS n FROM checkpoints WHERE name NOT LIKE '%@g%'`)[0]?.n;
      expect(migrate.json.filter((line) => line.msg === 'migrated')).toEqual([
        {
          msg: 'migrated',
          events,
          position: copied.at(-1)?.globalPosition,
          sourcePosition: events,
          keys,
          checkpoints,
          readModelsGeneration: 1,
          seconds: expect.any(Number),
        },
      ]);
    });

    it('then the KurrentDB log is the embedded one, event for event (order, versions, ids, types, data, metadata, first recording time), positions aside', () => {
      const embedded = sqliteRows(history.file, EVENTS('events')).map((row) => toEvent(row, true));
      type Comparable = { streamId: string; streamVersion: number; eventId: string; type: string; data: unknown; metadata?: unknown; recordedAt: number };
      const withoutPosition = ({ streamId, streamVersion, eventId, type, data, metadata, recordedAt }: Comparable) => ({
        streamId,
        streamVersion,
        eventId,
        type,
        data,
        metadata: metadata ?? null,
        recordedAt,
      });
      expect(copied.map(withoutPosition)).toEqual(embedded.map(withoutPosition));
    });

    it('then the keys are the same bytes, and each consumer checkpoint points at the same event as before', async () => {
      for (const row of sqliteRows(history.file, 'SELECT key_id, wrapped_key FROM keys')) {
        expect(Buffer.from((await target.keyStore.get(String(row.key_id))) ?? []).toString('hex')).toBe(
          Buffer.from(row.wrapped_key as Uint8Array).toString('hex'),
        );
      }
      const embedded = sqliteRows(history.file, EVENTS('events')).map((row) => toEvent(row, true));
      for (const row of sqliteRows(history.file, `SELECT name, position FROM checkpoints WHERE name NOT LIKE '%@g%'`)) {
        const eventId = embedded.find((event) => event.position === Number(row.position))?.eventId;
        expect(await target.checkpoints.get(String(row.name)), String(row.name)).toBe(copied.find((event) => event.eventId === eventId)?.globalPosition ?? 0);
      }
    });

    it('then every read-model document of the embedded store is in MongoDB as it was (id, userId, version, data), in every collection', async () => {
      const embedded = sqliteRows(history.file, ACTIVE_DOCS('docs', 'collections')).map((row) => toDoc(row, true));
      for (const doc of embedded) {
        const found = await target.readStore.get(doc.collection, doc.id);
        expect({ collection: doc.collection, id: found?.id, userId: found?.userId ?? null, version: found?.version, data: found?.data }).toEqual(doc);
      }
      const filled = new Set(embedded.map((doc) => doc.collection));
      // Counted refusals need a flood past ten times a URL's budget, which the scenario has none of.
      const unreached = new Set(['alertRefusals']);
      expect(allProjections.map((projection) => projection.collection).filter((collection) => !filled.has(collection) && !unreached.has(collection))).toEqual(
        [],
      );
    });

    it('when migrate runs again into the same namespace, then it is refused and the target is left as it was', async () => {
      const again = world.spawnCli('migrate-again', ['migrate', '--to', kurrentUrl], world.env(targetEnv));
      expect(await again.exited, again.output()).toBe(1);
      expect(again.output()).toMatch(/already holds/);
      expect((await target.eventStore.readAll({ maxCount: 100_000 })).length).toBe(copied.length);
    });

    it('when `start` runs on the migrated KurrentDB + MongoDB, then each user logs in and sees their webhook logs and keys, and a new alert is traded with the copied keys', async () => {
      const apiUrl = `http://127.0.0.1:${await freePort()}`;
      const product = world.spawnCli(
        'start-kurrent',
        ['start'],
        history.roleEnv({ KURRENTDB_URL: kurrentUrl, ...targetEnv, PORT: new URL(apiUrl).port, PUBLIC_URL: apiUrl }),
      );
      await product.waitForJson((line) => line.msg === 'ready', 60_000);
      for (const user of history.users) {
        const seen = history.before.get(user.uid)!;
        const again = await signInAgain(apiUrl, user, seen.email);
        expect(again.logs).toEqual(seen.logs);
        expect(again.keys).toEqual(seen.keys);
        expect(await tradeOnce(stack, apiUrl, again.trader)).toBe('executed');
      }
      product.child.kill('SIGTERM');
      expect(await product.exited, product.output()).toBe(0);
    }, 120_000);
  });
}
