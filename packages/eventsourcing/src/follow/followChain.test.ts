import { randomBytes } from 'node:crypto';
import { ChainWalk, createInProcessNotifier, type ChainHead, type ChainLinks, type SqliteStore } from '@hyperhook/store';
import { openKurrentMongoStore } from '@hyperhook/store/kurrentmongo';
import { linksHeldInMemory, waitFor } from '@hyperhook/store/testing';
import { MongoClient } from 'mongodb';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { tempSqliteStore } from '../testing/storeFixture.js';
import { followChain } from './followChain.js';

/** The links the SQLite store chained itself, in its append transactions. */
async function sqliteLinks(store: SqliteStore): Promise<ChainHead[]> {
  return ((await store.chain?.readLinks({ maxCount: 10_000 })) ?? []).map(({ event, hash }) => ({ position: event.globalPosition, hash: hash ?? '' }));
}

describe('the chain follower of a backend that keeps its chain beside the log (issue 31, point 4; issue 40, point 2: through followLog)', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function openLog(): Promise<SqliteStore> {
    const { store, cleanup } = await tempSqliteStore();
    cleanups.push(cleanup);
    return store;
  }

  it('given a log written before any chain, when the follower starts, then it links every event from the first, with the very hashes an append-time chain computes', async () => {
    const store = await openLog();
    await store.eventStore.append('user-a', [
      { type: 'A', data: { n: 1 } },
      { type: 'B', data: { nested: { b: 2, a: 1 } } },
    ]);
    await store.eventStore.append('signal-s', [{ type: 'S', data: { text: 'héllo' } }]);
    const links = linksHeldInMemory();
    const following = followChain({ eventStore: store.eventStore, links });
    cleanups.push(() => following.stop());
    await following.caughtUp;
    expect(links.links).toEqual(await sqliteLinks(store));
    expect(links.links).toHaveLength(3);
  });

  it('given a running follower, when events are appended later, then they are linked in log order too', async () => {
    const store = await openLog();
    const links = linksHeldInMemory();
    const following = followChain({ eventStore: store.eventStore, links });
    cleanups.push(() => following.stop());
    await following.caughtUp;
    expect(links.links).toEqual([]);
    await store.eventStore.append('user-a', [{ type: 'A', data: { n: 1 } }]);
    await store.eventStore.appendMultiStream([
      { streamId: 'user-b', events: [{ type: 'B', data: {} }] },
      { streamId: 'user-a', events: [{ type: 'A2', data: { n: 2 } }] },
    ]);
    await waitFor(() => links.links.length === 3, 10_000, 'three links');
    expect(links.links).toEqual(await sqliteLinks(store));
  });

  it('given two followers on one chain (a lease handover), then they never fork it: one chain, each position once, and the one that lost resumes from the last link', async () => {
    const store = await openLog();
    for (let i = 0; i < 20; i += 1) await store.eventStore.append(`user-${i % 3}`, [{ type: 'E', data: { i } }]);
    const links = linksHeldInMemory();
    const first = followChain({ eventStore: store.eventStore, links });
    const second = followChain({ eventStore: store.eventStore, links });
    cleanups.push(
      () => first.stop(),
      () => second.stop(),
    );
    await Promise.all([first.caughtUp, second.caughtUp]);
    for (let i = 0; i < 10; i += 1) await store.eventStore.append('user-late', [{ type: 'L', data: { i } }]);
    await waitFor(() => links.links.length === 30, 10_000, 'thirty links');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(links.links).toEqual(await sqliteLinks(store));
  });

  it('given a follower that was stopped, when started again, then it goes on from its last link, not from the start', async () => {
    const store = await openLog();
    await store.eventStore.append('user-a', [{ type: 'A', data: {} }]);
    const links = linksHeldInMemory();
    const first = followChain({ eventStore: store.eventStore, links });
    await first.caughtUp;
    await first.stop();
    await store.eventStore.append('user-a', [{ type: 'A', data: {} }]);
    const again = followChain({ eventStore: store.eventStore, links });
    cleanups.push(() => again.stop());
    await again.caughtUp;
    expect(links.links).toEqual(await sqliteLinks(store));
    expect(links.refused).toBe(0);
  });

  it('given links that fail to write, then the error is reported and the follower retries until they are written', async () => {
    const store = await openLog();
    await store.eventStore.append('user-a', [{ type: 'A', data: {} }]);
    const links = linksHeldInMemory();
    let failures = 2;
    const flaky: ChainLinks = {
      ...links,
      append: (after, next) => (failures-- > 0 ? Promise.reject(new Error('server selection timed out')) : links.append(after, next)),
    };
    const errors: string[] = [];
    const following = followChain({ eventStore: store.eventStore, links: flaky, retryMs: 10, onError: (error) => errors.push((error as Error).message) });
    cleanups.push(() => following.stop());
    await following.caughtUp;
    expect(errors).toEqual(['server selection timed out', 'server selection timed out']);
    expect(links.links).toEqual(await sqliteLinks(store));
  });
});

// Against real servers (set both URLs): the follower on the store it runs on in production.
const KURRENTDB_URL = process.env.KURRENTDB_URL;
const MONGODB_URL = process.env.MONGODB_URL;

if (KURRENTDB_URL === undefined || MONGODB_URL === undefined) {
  it('the chain follower on KurrentDB + MongoDB: not run — KURRENTDB_URL and MONGODB_URL are not both set', () => {
    expect(KURRENTDB_URL === undefined || MONGODB_URL === undefined).toBe(true);
  });
} else {
  describe('the chain follower on KurrentDB + MongoDB', () => {
    const database = `hh_chain_${randomBytes(6).toString('hex')}`;
    afterAll(async () => {
      const client = new MongoClient(MONGODB_URL);
      await client
        .db(database)
        .dropDatabase()
        .finally(() => client.close());
    });

    it('issue 31, point 4: given events in KurrentDB, when the chain follower runs, then MongoDB holds a link per event, a walk verifies to the head, and a second follower forks nothing', async () => {
      const streamNamespace = `t${randomBytes(6).toString('hex')}`;
      const store = await openKurrentMongoStore({
        kurrentUrl: KURRENTDB_URL,
        mongoUrl: MONGODB_URL,
        database,
        notifier: createInProcessNotifier(),
        streamNamespace,
        pollIntervalMs: 50,
      });
      try {
        await store.eventStore.append('user-a', [
          { type: 'A', data: { n: 1 } },
          { type: 'B', data: { nested: { b: 2, a: 1 } } },
        ]);
        const { chainLinks } = store;
        if (chainLinks === undefined) throw new Error('a KurrentDB + MongoDB store keeps its chain links beside the log');
        const first = followChain({ eventStore: store.eventStore, links: chainLinks });
        const second = followChain({ eventStore: store.eventStore, links: chainLinks });
        await Promise.all([first.caughtUp, second.caughtUp]);
        await store.eventStore.append('signal-s', [{ type: 'S', data: { text: 'héllo' } }]);
        const head = await store.eventStore.headPosition();
        for (const deadline = Date.now() + 10_000; (await store.chain?.head())?.position !== head; await new Promise((resolve) => setTimeout(resolve, 50))) {
          if (Date.now() > deadline) throw new Error('the follower did not link the last event');
        }
        await Promise.all([first.stop(), second.stop()]);
        const walk = new ChainWalk();
        const links = (await store.chain?.readLinks({ maxCount: 100 })) ?? [];
        expect(links.map(({ event, hash }) => walk.step(event, hash))).toEqual([null, null, null]);
        expect(walk.head).toEqual(await store.chain?.head());
      } finally {
        await store.close();
      }
    }, 30_000);
  });
}
