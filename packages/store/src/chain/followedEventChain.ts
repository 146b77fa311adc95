import type { ChainLinks } from '../ports/ChainLinks.js';
import type { EventChain } from '../ports/EventChain.js';
import type { EventStore } from '../ports/EventStore.js';

const DEFAULT_MAX_COUNT = 1000;

/**
 * The EventChain port of a backend whose chain a follower keeps beside the log (followChain):
 * events as the log stores them with the links the follower wrote. Reads stop at the last link,
 * so events appended a moment ago, not linked yet, are not taken for a break.
 */
export function createFollowedEventChain(eventStore: EventStore, links: ChainLinks): EventChain {
  return {
    head: () => links.last(),
    async readLinks(options = {}) {
      const head = await links.last();
      if (head === null) return [];
      const events = (await eventStore.readAll({ fromPosition: options.fromPosition ?? 0, maxCount: options.maxCount ?? DEFAULT_MAX_COUNT })).filter(
        (event) => event.globalPosition <= head.position,
      );
      const hashes = await links.hashesAt(events.map((event) => event.globalPosition));
      return events.map((event) => ({ event, hash: hashes.get(event.globalPosition) ?? null }));
    },
    hashesAt: (positions) => links.hashesAt(positions),
  };
}
