import { randomBytes } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { afterAll, describe, expect, it } from 'vitest';
import { waitFor } from '../testing/helpers.js';
import { createInProcessNotifier } from '../notifier/createInProcessNotifier.js';
import type { RecordedEvent } from '../ports/events.js';
import { mongoDatabaseOf, openKurrentMongoStore } from './openKurrentMongoStore.js';

describe('mongoDatabaseOf: the database a MONGODB_URL names', () => {
  it('given a path, then that database, also after a seed list of several hosts and with options', () => {
    expect(mongoDatabaseOf('mongodb://mongo:27017/hyperhook?replicaSet=rs0')).toBe('hyperhook');
    expect(mongoDatabaseOf('mongodb://user:p%40ss@a:27017,b:27017,c:27017/trading?replicaSet=rs0')).toBe('trading');
    expect(mongoDatabaseOf('mongodb+srv://cluster0.example.net/prod')).toBe('prod');
  });

  it('given no path, or an empty one, then none (the caller picks its default)', () => {
    expect(mongoDatabaseOf('mongodb://mongo:27017')).toBeUndefined();
    expect(mongoDatabaseOf('mongodb://mongo:27017/?replicaSet=rs0')).toBeUndefined();
  });
});

describe('openKurrentMongoStore: refuses servers it cannot reach', () => {
  it('given a MONGODB_URL where nothing listens, then opening fails naming MONGODB_URL and never its password', async () => {
    const opening = openKurrentMongoStore({
      kurrentUrl: 'kurrentdb://127.0.0.1:1?tls=false',
      mongoUrl: 'mongodb://admin:secret-password@127.0.0.1:1/hyperhook?serverSelectionTimeoutMS=300&directConnection=true',
      notifier: createInProcessNotifier(),
    });
    const error = await opening.then(
      () => undefined,
      (caught: unknown) => caught as Error,
    );
    expect(error?.message).toMatch(/^cannot open the MongoDB read models \(MONGODB_URL\): .*ECONNREFUSED/);
    expect(error?.message).not.toContain('secret-password');
  });
});

// The whole deployment's ports together, against real servers (set both URLs). The adapters'
// own contract suites are in kurrentdb/ and mongodb/; the chain follower's run on them is beside it
// (packages/eventsourcing/src/follow/followChain.test.ts).
const KURRENTDB_URL = process.env.KURRENTDB_URL;
const MONGODB_URL = process.env.MONGODB_URL;

if (KURRENTDB_URL === undefined || MONGODB_URL === undefined) {
  it('KurrentDB + MongoDB store: not run — KURRENTDB_URL and MONGODB_URL are not both set', () => {
    expect(KURRENTDB_URL === undefined || MONGODB_URL === undefined).toBe(true);
  });
} else {
  describe('openKurrentMongoStore: the event log in KurrentDB, everything derived in MongoDB', () => {
    const database = `hh_store_${randomBytes(6).toString('hex')}`;
    afterAll(async () => {
      const client = new MongoClient(MONGODB_URL);
      await client
        .db(database)
        .dropDatabase()
        .finally(() => client.close());
    });

    it('given an append, then a subscription delivers it, its projection and checkpoint commit together, and a data key is kept and destroyed', async () => {
      const notifier = createInProcessNotifier();
      const streamNamespace = `t${randomBytes(6).toString('hex')}`;
      const store = await openKurrentMongoStore({ kurrentUrl: KURRENTDB_URL, mongoUrl: MONGODB_URL, database, notifier, streamNamespace, pollIntervalMs: 50 });
      try {
        expect(store.backend).toBe('kurrentdb+mongodb');
        const seen: RecordedEvent[] = [];
        const subscription = store.eventStore.subscribeToAll({ fromPosition: 0, onEvent: (event) => void seen.push(event) });
        const appended = await store.eventStore.append('order-1', [{ type: 'Placed', data: { size: 2 } }], { expectedVersion: 'no_stream' });
        await waitFor(() => seen.length === 1, 10_000, 'the appended event');
        await subscription.stop();

        await store.unitOfWork.applyBatch({
          changes: [{ kind: 'upsert', collection: 'orders', doc: { id: 'order-1', userId: 'u-1', version: 1, data: { size: 2 } } }],
          checkpoint: { name: 'orders', position: appended.lastPosition },
        });
        await store.keyStore.put('k-1', new Uint8Array([1, 2, 3]));

        expect(seen[0]).toMatchObject({ streamId: 'order-1', type: 'Placed', data: { size: 2 }, position: appended.lastPosition });
        expect(await store.readStore.get('orders', 'order-1')).toMatchObject({ userId: 'u-1', version: 1, data: { size: 2 } });
        expect(await store.checkpoints.get('orders')).toBe(appended.lastPosition);
        expect(await store.keyStore.destroy('k-1')).toBe(true);
        expect(await store.keyStore.get('k-1')).toBeUndefined();
      } finally {
        await store.close();
      }
    }, 30_000);
  });
}
