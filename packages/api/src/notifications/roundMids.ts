import { PRIORITY_SHARE } from '@hyperhook/hyperliquid';
import type { HyperliquidGateway } from '../appDeps.js';

/** What a round of the risk watch reads of a network's exchange client. */
export type MidsSource = Pick<HyperliquidGateway, 'getMids' | 'budget' | 'marketFeed'>;

/**
 * A network's mid prices for one round of the risk watch, or null when the round leaves them out.
 * The read is one `allMids` (weight 2) for every user of the network, served free by the client's
 * cache when another read just took it, or by its mid-price socket when that is live. Over REST it
 * keeps to what reads nothing waits for may use: nothing once the minute is past the deferrable
 * share of the venue's budget (PRIORITY_SHARE), so orders and the reads they wait for keep their
 * room; the next round reads again, and the snapshots after fills are weighed meanwhile.
 */
export async function roundMids(source: MidsSource, isTestnet: boolean): Promise<Record<string, number> | null> {
  if (source.marketFeed(isTestnet)?.live !== true) {
    const { used, budget } = source.budget(isTestnet);
    if (used > budget * PRIORITY_SHARE.deferrable) return null;
  }
  return source.getMids(isTestnet);
}
