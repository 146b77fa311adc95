import type { PerpAsset } from '@hyperhook/hyperliquid';

/** A listed cross-margin perp as the venue's `meta` gives it, for the paper venue's tests. */
export const perpAsset = (coin: string, assetId: number, szDecimals: number, maxLeverage = 25): PerpAsset => ({
  coin,
  assetId,
  szDecimals,
  maxLeverage,
  isolatedOnly: false,
  delisted: false,
});
