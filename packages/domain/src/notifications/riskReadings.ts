import type { BalanceSnapshotTaken, PositionSnapshot } from '../account/accountEvents.js';

/** How near one position is to its liquidation price, as a snapshot shows it. */
export interface LiquidationReading {
  readonly coin: string;
  readonly side: 'long' | 'short';
  readonly markPx: number;
  readonly liquidationPx: number;
  /** |mark − liquidation price| ÷ mark, in percent: how far the mark may still move. */
  readonly distancePct: number;
}

const finite = (text: string | null | undefined): number | null => {
  if (text === null || text === undefined) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
};

/**
 * The distance to liquidation of each position that has one. The mark is the snapshot's, else
 * positionValue ÷ |size| (as the Positions tab shows it); a position the venue gives no
 * liquidation price (margin enough to hold it at any price) has no reading.
 */
export function liquidationReadings(positions: readonly PositionSnapshot[]): LiquidationReading[] {
  return positions.flatMap((position) => {
    const size = finite(position.szi);
    const liquidationPx = finite(position.liquidationPx);
    if (size === null || size === 0 || liquidationPx === null || liquidationPx <= 0) return [];
    const value = finite(position.positionValue);
    const markPx = finite(position.markPx) ?? (value === null ? null : Math.abs(value / size));
    if (markPx === null || markPx <= 0) return [];
    return [{ coin: position.coin, side: size > 0 ? 'long' : 'short', markPx, liquidationPx, distancePct: (Math.abs(markPx - liquidationPx) / markPx) * 100 }];
  });
}

/**
 * The margin in use as a percentage of the account's value (Hyperliquid's "margin usage"), or null
 * when the account holds no margin. An account whose value is gone while margin is held reads 100.
 */
export function marginUsagePct(balance: Pick<BalanceSnapshotTaken['data'], 'marginUsed' | 'totalEquity'>): number | null {
  const used = Number(balance.marginUsed);
  const equity = Number(balance.totalEquity);
  if (!Number.isFinite(used) || used <= 0) return null;
  if (!Number.isFinite(equity) || equity <= 0) return 100;
  return (used / equity) * 100;
}
