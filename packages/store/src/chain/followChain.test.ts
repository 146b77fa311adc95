import { afterEach, describe, expect, it } from 'vitest';
import type { ChainLinks } from '../ports/ChainLinks.js';
import type { SqliteStore } from '../sqlite/openSqliteStore.js';
import { openSqliteStore } from '../sqlite/openSqliteStore.js';
import { tempStoreFile } from '../sqlite/testing/tempStoreFile.js';
import { waitFor } from '../testing/helpers.js';
import { runChainLinksContract } from '../testing/runChainLinksContract.js';
import type { ChainHead } from './chainWalk.js';
import { ChainWalk } from './chainWalk.js';
import { createFollowedEventChain } from './followedEventChain.js';
import { followChain } from './followChain.js';

/**
 * The ChainLinks contract held in memory, for the follower's own logic: the MongoDB links pass the
 * same contract against a real server (MONGODB_URL). `refused` counts the refused batches.
 */
function linksHeldInMemory(): ChainLinks & { readonly links: ChainHead[]; refused: number } {
  const links: ChainHead[] = [];
  const held = {
    links,
    refused: 0,
    last: async () => links.at(-1) ?? null,
    async append(after: ChainHead | null, next: readonly ChainHead[]) {
      const last = links.at(-1) ?? null;
      if (last?.position !== after?.position || last?.hash !== after?.hash) {
        held.refused += 1;
        return false;
      }
      links.push(...next);
      return true;
    },
    hashesAt: async (positions: readonly number[]) => new Map(links.filter((link) => positions.includes(link.position)).map((link) => [link.position, link.hash])),
  };
  return held;
}

// The double keeps the contract the MongoDB links keep (mongodb/mongoContracts.test.ts).
runChainLinksContract('held in memory (the follower tests\' double)', async () => ({ links: linksHeldInMemory(), close: async () => undefined }));

/** The links the SQLite store chained itself, in its append transactions. */
async function sqliteLinks(store: SqliteStore): Promise<ChainHead[]> {
  return ((await store.chain?.readLinks({ maxCount: 10_000 })) ?? []).map(({ event, hash }) => ({ position: event.globalPosition, hash: hash ?? '' }));
}

describe('the chain follower of a backend that keeps its chain beside the log (issue 31, point 4)', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function openLog(): Promise<SqliteStore> {
    const { file, cleanup } = tempStoreFile();
    const store = await openSqliteStore({ file });
    cleanups.push(cleanup, () => store.close());
    return store;
  }

  it('given a log written before any chain, when the follower starts, then it links every event from the first, with the very hashes an append-time chain computes', async () => {
    const store = await openLog();
    await store.eventStore.append('user-a', [{ type: 'A', data: { n: 1 } }, { type: 'B', data: { nested: { b: 2, a: 1 } } }]);
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
    cleanups.push(() => first.stop(), () => second.stop());
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
    const flaky: ChainLinks = { ...links, append: (after, next) => (failures-- > 0 ? Promise.reject(new Error('server selection timed out')) : links.append(after, next)) };
    const errors: string[] = [];
    const following = followChain({ eventStore: store.eventStore, links: flaky, retryMs: 10, onError: (error) => errors.push((error as Error).message) });
    cleanups.push(() => following.stop());
    await following.caughtUp;
    expect(errors).toEqual(['server selection timed out', 'server selection timed out']);
    expect(links.links).toEqual(await sqliteLinks(store));
  });
});

describe('the EventChain port over followed links (issue 31, point 4)', () => {
  it('given links behind the log, then the chain reads up to the last link only, and a walk verifies it; a changed link is a break at its position', async () => {
    const { file, cleanup } = tempStoreFile();
    const store = await openSqliteStore({ file });
    try {
      await store.eventStore.append('user-a', [{ type: 'A', data: { n: 1 } }, { type: 'B', data: { n: 2 } }, { type: 'C', data: { n: 3 } }]);
      const links = linksHeldInMemory();
      const [first, second] = await sqliteLinks(store);
      await links.append(null, [first as ChainHead, second as ChainHead]);
      const chain = createFollowedEventChain(store.eventStore, links);
      expect(await chain.head()).toEqual(second);
      const read = await chain.readLinks();
      expect(read.map(({ event }) => event.globalPosition)).toEqual([first?.position, second?.position]);
      const walk = new ChainWalk();
      expect(read.map(({ event, hash }) => walk.step(event, hash))).toEqual([null, null]);
      expect(walk.head).toEqual(second);
      expect(await chain.hashesAt([second?.position ?? 0, 99])).toEqual(new Map([[second?.position, second?.hash]]));

      links.links[0] = { position: first?.position ?? 0, hash: 'f'.repeat(64) };
      const tampered = new ChainWalk();
      const broken = (await chain.readLinks()).map(({ event, hash }) => tampered.step(event, hash)).find((step) => step !== null);
      expect(broken?.position).toBe(first?.position);
    } finally {
      await store.close();
      cleanup();
    }
  });

  it('given no link yet, then no head and nothing to walk', async () => {
    const { file, cleanup } = tempStoreFile();
    const store = await openSqliteStore({ file });
    try {
      await store.eventStore.append('user-a', [{ type: 'A', data: {} }]);
      const chain = createFollowedEventChain(store.eventStore, linksHeldInMemory());
      expect([await chain.head(), await chain.readLinks()]).toEqual([null, []]);
    } finally {
      await store.close();
      cleanup();
    }
  });
});
