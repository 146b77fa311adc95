import type { ChainHead } from '../chain/chainWalk.js';
import type { ChainLinks } from '../ports/ChainLinks.js';

/**
 * The ChainLinks contract held in memory, for a chain follower's own logic: the MongoDB links pass
 * the same contract against a real server (MONGODB_URL). `refused` counts the refused batches.
 */
export function linksHeldInMemory(): ChainLinks & { readonly links: ChainHead[]; refused: number } {
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
    hashesAt: async (positions: readonly number[]) =>
      new Map(links.filter((link) => positions.includes(link.position)).map((link) => [link.position, link.hash])),
  };
  return held;
}
