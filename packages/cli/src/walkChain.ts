import { ChainWalk, type ChainBreak, type ChainHead, type EventChain } from '@hyperhook/store';

/** Links read per page: memory stays flat on any log. */
const PAGE = 5000;

/** What a walk of the whole chain found: how many events held, the last one's hash, and where it broke, if it did. */
export type ChainWalkResult = {
  readonly events: number;
  readonly head: ChainHead | null;
  readonly broken: ChainBreak | null;
};

/**
 * Walks a whole log recomputing its hash chain, stopping at the first event whose stored hash is
 * not the one the events before it give. One walk for `verify`, and for `backup` and `restore`
 * checking a copy: a copy is only as good as the log it proves.
 */
export async function walkChain(chain: EventChain): Promise<ChainWalkResult> {
  const walk = new ChainWalk();
  for (let from = 0; ;) {
    const links = await chain.readLinks({ fromPosition: from, maxCount: PAGE });
    for (const { event, hash } of links) {
      const broken = walk.step(event, hash);
      if (broken !== null) return { events: walk.events, head: walk.head, broken };
    }
    if (links.length < PAGE) return { events: walk.events, head: walk.head, broken: null };
    from = links.at(-1)!.event.globalPosition;
  }
}
