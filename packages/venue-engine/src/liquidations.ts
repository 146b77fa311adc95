/**
 * Liquidation when a mark moves (issue 39.8). The venue liquidates when equity falls below the
 * maintenance margin: for cross margin the account's cross equity against the maintenance of all
 * its cross positions, for an isolated position that position's own margin against its own
 * maintenance. The simulator then does what the venue's market liquidation does: cancels the
 * reduce-only orders and triggers of the coin ("liquidatedCanceled") and closes the position at the
 * mark as a taker fill labelled "Liquidated Cross Long" etc. with a `liquidation` block. Whatever
 * collateral is left after the loss and the fee stays with the trader, as after a market
 * liquidation; there is no backstop vault, and no partial liquidation of large positions.
 *
 * The thresholds are the ones clearinghouse.ts prices `liquidationPx` with, so a mark beyond a
 * position's reported liquidation price is what liquidates it, and a mark short of it never does.
 */
import { accountNumbers, type PositionNumbers } from './clearinghouse.js';
import { cancelOrder } from './execution.js';
import { applyFill } from './ledger.js';
import { unlistedFilledOrder } from './unlistedFilledOrder.js';
import type { SimAccount, SimFill, SimOrder, SimState } from './simState.js';

/** The `dir` of a liquidation fill, as the venue writes it. */
export function liquidationDir(marginMode: 'cross' | 'isolated', long: boolean): string {
  return `Liquidated ${marginMode === 'cross' ? 'Cross' : 'Isolated'} ${long ? 'Long' : 'Short'}`;
}

/** The positions of `acct` whose margin no longer covers their maintenance, at current marks. */
export function underwaterPositions(state: SimState, acct: SimAccount): PositionNumbers[] {
  const n = accountNumbers(state, acct);
  const cross = n.positions.filter((p) => p.isolatedRawUsd === null);
  // Cross margin is shared: when the account's cross equity falls short, every cross position goes.
  const crossUnder = cross.length > 0 && n.cross.accountValue < n.crossMaintenanceMarginUsed ? cross : [];
  // An isolated position's marginUsed is its own equity (isolated rawUsd + szi·mark).
  const isolatedUnder = n.positions.filter((p) => p.isolatedRawUsd !== null && p.marginUsed < p.maintenanceMargin);
  return [...crossUnder, ...isolatedUnder];
}

/** The market order the liquidator closes the position with: never listed, only its fill is. */
function liquidationOrder(state: SimState, acct: SimAccount, p: PositionNumbers): SimOrder {
  return unlistedFilledOrder(state, {
    user: acct.address,
    asset: p.assetId,
    coin: p.coin,
    isBuy: p.lots < 0,
    limitPx: p.markPx,
    lots: Math.abs(p.lots),
    reduceOnly: true,
  });
}

/** Cancels the coin's reduce-only orders and triggers, then closes the position at its mark. */
export function liquidatePosition(state: SimState, acct: SimAccount, p: PositionNumbers): void {
  for (const o of state.liveOrders({ user: acct.address, asset: p.assetId })) {
    // Bracket children still waiting for their entry belong to a position not yet opened.
    if (!o.pendingParent && (o.reduceOnly || o.trigger)) cancelOrder(state, o, 'liquidatedCanceled');
  }
  const order = liquidationOrder(state, acct, p);
  const marginMode = p.isolatedRawUsd === null ? 'cross' : 'isolated';
  applyFill(state, acct, order, p.markPx, order.lots, true, null, {
    dir: liquidationDir(marginMode, p.lots > 0),
    liquidation: { liquidatedUser: acct.address, markPx: p.markPx, method: 'market' },
  });
}

/**
 * Liquidates the positions of one account whose maintenance the current marks no longer cover,
 * by the same rules as a mark move (cross: the whole cross book; isolated: each on its own), and
 * returns the liquidation fills. The paper venue checks an account this way at the venue's marks.
 */
export function liquidateAccount(state: SimState, acct: SimAccount): SimFill[] {
  const before = acct.fills.length;
  for (const p of underwaterPositions(state, acct)) liquidatePosition(state, acct, p);
  return acct.fills.slice(before);
}

/**
 * Liquidates, in every account holding `coin` (masters and sub-accounts alike: each is its own
 * user), the positions whose maintenance the current marks no longer cover.
 */
export function liquidateOnMark(state: SimState, coin: string): void {
  const assetId = state.assetId(coin);
  if (assetId < 0) return;
  for (const acct of state.accounts.values()) {
    if (!acct.positions.has(assetId)) continue;
    // Only the moved coin's position can have gone under, unless it is cross: then the whole
    // cross book goes. An isolated position of another coin is judged by its own mark alone.
    const under = underwaterPositions(state, acct).filter((p) => p.isolatedRawUsd === null || p.assetId === assetId);
    for (const p of under) liquidatePosition(state, acct, p);
  }
}
