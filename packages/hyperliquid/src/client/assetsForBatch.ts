import type { AssetForAction } from './assetForAction.js';
import { type FailedOutcome, isFailedOutcome, transientError } from './exchangeOutcome.js';
import type { PerpAsset } from './metaCache.js';

/** The asset of every item of a batch, in order, or the failure that ends the batch before signing. */
export type AssetsForBatch = { ok: true; assets: PerpAsset[] } | { ok: false; outcome: FailedOutcome };

/**
 * Looks up each item's coin (see assetForAction). One unknown coin refuses the whole batch: the
 * action is signed as one, and sending the rest would leave the caller to split the answer.
 */
export async function assetsForBatch(asset: (coin: string) => Promise<AssetForAction>, coins: readonly string[]): Promise<AssetsForBatch> {
  const assets: PerpAsset[] = [];
  for (const coin of coins) {
    const found = await asset(coin);
    if (!found.ok) {
      const outcome = isFailedOutcome(found.outcome)
        ? found.outcome
        : transientError({ reason: 'unreadableResponse', message: 'unexpected answer', stage: 'venue' });
      return { ok: false, outcome };
    }
    assets.push(found.asset);
  }
  return { ok: true, assets };
}
