import { type ExchangeOutcome, rejected } from './exchangeOutcome.js';
import type { MetaCache, PerpAsset } from './metaCache.js';
import { outcomeFromError } from './toExchangeOutcome.js';
import { unknownCoinMessage } from './unknownCoinMessage.js';

/** The asset an action is for, or the outcome that ends the action before anything is signed. */
export type AssetForAction = { ok: true; asset: PerpAsset } | { ok: false; outcome: ExchangeOutcome };

/**
 * Looks `coin` up in the cached meta for an order or a leverage change. Both need the asset id
 * and decimals before signing, and both must answer a failed `meta` read or an unlisted coin
 * with an outcome rather than a throw, in the same words.
 */
export async function assetForAction(meta: Pick<MetaCache, 'asset'>, coin: string): Promise<AssetForAction> {
  let asset: PerpAsset | undefined;
  try {
    asset = await meta.asset(coin);
  } catch (error) {
    return { ok: false, outcome: await outcomeFromError(error, 'info') };
  }
  if (asset === undefined) return { ok: false, outcome: rejected({ reason: 'unknownCoin', message: unknownCoinMessage(coin), stage: 'client' }) };
  return { ok: true, asset };
}
