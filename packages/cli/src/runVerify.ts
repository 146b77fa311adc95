import type { Config } from './config.js';
import { openStore } from './openStore.js';
import { say } from './say.js';
import { walkChain } from './walkChain.js';

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
    const { events, head, broken } = await walkChain(store.chain);
    if (broken !== null) {
      console.log(JSON.stringify({ msg: 'chain broken', ...broken, verified: events, head }));
      throw new Error(
        `the log does not verify from position ${broken.position}: ${broken.stored === null ? 'it has no hash' : 'its hash is not the one the events before it give'} (an event changed, removed or reordered at or before it)`,
      );
    }
    console.log(JSON.stringify({ msg: 'verified', events, head }));
    say(head === null ? 'verified: the log is empty' : `verified ${events} events: head ${head.position} ${head.hash}`);
  } finally {
    await store.close();
  }
}
