import { describe, expect, it } from 'vitest';
import type { SqliteStore } from '../sqlite/openSqliteStore.js';
import { openSqliteStore } from '../sqlite/openSqliteStore.js';
import { tempStoreFile } from '../sqlite/testing/tempStoreFile.js';
import { linksHeldInMemory } from '../testing/linksHeldInMemory.js';
import { runChainLinksContract } from '../testing/runChainLinksContract.js';
import type { ChainHead } from './chainWalk.js';
import { ChainWalk } from './chainWalk.js';
import { createFollowedEventChain } from './followedEventChain.js';

// The chain follower's tests' double (followChain of @hyperhook/eventsourcing) keeps the contract the MongoDB links keep (mongodb/mongoContracts.test.ts).
runChainLinksContract("held in memory (the follower tests' double)", async () => ({ links: linksHeldInMemory(), close: async () => undefined }));

/** The links the SQLite store chained itself, in its append transactions. */
async function sqliteLinks(store: SqliteStore): Promise<ChainHead[]> {
  return ((await store.chain?.readLinks({ maxCount: 10_000 })) ?? []).map(({ event, hash }) => ({ position: event.globalPosition, hash: hash ?? '' }));
}

describe('the EventChain port over followed links (issue 31, point 4)', () => {
  it('given links behind the log, then the chain reads up to the last link only, and a walk verifies it; a changed link is a break at its position', async () => {
    const { file, cleanup } = tempStoreFile();
    const store = await openSqliteStore({ file });
    try {
      await store.eventStore.append('user-a', [
        { type: 'A', data: { n: 1 } },
        { type: 'B', data: { n: 2 } },
        { type: 'C', data: { n: 3 } },
      ]);
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
