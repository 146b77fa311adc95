import { ChainWalk } from '@hyperhook/store';
import type { Config } from './config.js';
import { openStore } from './openStore.js';
import { say } from './roles.js';

/** Links read per page: memory stays flat on any log. */
const PAGE = 5000;

/**
 * `hyperhook verify`: walks the whole log recomputing its hash chain (issue 31, point 4). Intact:
 * prints the head position and hash, exit 0. Otherwise it names the first position whose stored
 * hash is not the one the events before it give (a changed, removed or reordered event) and
 * exits 1.
 */
export async function runVerify(config: Config): Promise<void> {
  // Read-only: no change notices to send or receive.
  const store = await openStore(config, say, 'hyperhook-verify', { notices: false });
  try {
    if (store.chain === undefined) throw new Error(`this store (${store.backend ?? 'unknown backend'}) keeps no hash chain yet: nothing to verify`);
    const walk = new ChainWalk();
    for (let from = 0; ; ) {
      const links = await store.chain.readLinks({ fromPosition: from, maxCount: PAGE });
      for (const { event, hash } of links) {
        const broken = walk.step(event, hash);
        if (broken === null) continue;
        console.log(JSON.stringify({ msg: 'chain broken', ...broken, verified: walk.events, head: walk.head }));
        throw new Error(`the log does not verify from position ${broken.position}: ${hash === null ? 'it has no hash' : 'its hash is not the one the events before it give'} (an event changed, removed or reordered at or before it)`);
      }
      if (links.length < PAGE) break;
      from = links.at(-1)!.event.globalPosition;
    }
    console.log(JSON.stringify({ msg: 'verified', events: walk.events, head: walk.head }));
    say(walk.head === null ? 'verified: the log is empty' : `verified ${walk.events} events: head ${walk.head.position} ${walk.head.hash}`);
  } finally {
    await store.close();
  }
}
