import type { PlanPosition } from './planOrderInputSchema.js';

/** The open position in `coin`: a finite, non-zero size (the venue lists closed rows at 0). */
export function openPosition(positions: readonly PlanPosition[], coin: string): PlanPosition | undefined {
  return positions.find((p) => p.coin === coin && Number.isFinite(p.szi) && p.szi !== 0);
}

/** The leverage of the open position in `coin`, when there is one and it says (at least 1x). */
export function openLeverage(positions: readonly PlanPosition[], coin: string): number | undefined {
  const open = openPosition(positions, coin);
  return open !== undefined && Number.isFinite(open.leverage) && open.leverage >= 1 ? open.leverage : undefined;
}
