/**
 * What happens when a mark price moves: resting limit orders the mark has crossed fill at their
 * limit price as maker, and triggers whose condition is met fire (market triggers as an IOC with
 * 10 % slippage, limit triggers as a GTC at their limit price). Passes repeat until nothing changes,
 * because one fill can activate bracket children that are themselves already triggerable. Then
 * positions the new mark left below their maintenance margin are liquidated (liquidations.ts).
 */
import { applyFill } from './ledger.js';
import { liquidateOnMark } from './liquidations.js';
import { activateChildren, cancelOrder, cancelSiblings, reconcileReduceOnly, reduces, takeLiquidity } from './execution.js';
import { roundPriceToTick } from './priceRules.js';
import type { SimAccount, SimOrder, SimState } from './simState.js';
import { triggerReached } from './triggerRules.js';

/** Slippage tolerance of a market TP/SL when it fires. */
export const MARKET_TRIGGER_SLIPPAGE = 0.1;
const MAX_PASSES = 10;

function afterFill(state: SimState, acct: SimAccount, order: SimOrder): void {
  // Siblings first: their proper status is siblingFilledCanceled, not reduceOnlyCanceled.
  cancelSiblings(state, order);
  reconcileReduceOnly(state, acct, order.asset);
  if (order.childOids.length > 0) activateChildren(state, acct, order);
}

/** Fills a crossed resting limit order completely at its limit price (maker). */
function fillResting(state: SimState, acct: SimAccount, order: SimOrder): void {
  let lots = order.lots;
  if (order.reduceOnly) {
    const pos = state.positionLots(acct, order.asset);
    if (!reduces(pos, order.isBuy)) return cancelOrder(state, order, 'reduceOnlyCanceled');
    lots = Math.min(lots, Math.abs(pos));
  }
  applyFill(state, acct, order, order.limitPx, lots, false, null);
  order.lots = 0;
  state.setStatus(order, 'filled');
  afterFill(state, acct, order);
}

/** Fires a trigger order whose condition the mark met. */
function fireTrigger(state: SimState, acct: SimAccount, order: SimOrder, mark: number): void {
  const asset = state.asset(order.asset);
  if (!asset || !order.trigger) return;
  const pos = state.positionLots(acct, order.asset);
  if (!reduces(pos, order.isBuy)) return cancelOrder(state, order, 'reduceOnlyCanceled');
  state.setStatus(order, 'triggered');
  order.lots = order.wholePosition ? Math.abs(pos) : Math.min(order.lots, Math.abs(pos));
  order.triggered = true;
  const limitPx = order.trigger.isMarket
    ? roundPriceToTick(mark * (order.isBuy ? 1 + MARKET_TRIGGER_SLIPPAGE : 1 - MARKET_TRIGGER_SLIPPAGE), asset.szDecimals, order.isBuy ? 'down' : 'up')
    : order.limitPx;
  const taken = takeLiquidity(state, acct, order, limitPx, order.lots, null);
  order.lots -= taken.filledLots;
  if (order.trigger.isMarket || order.lots === 0) state.setStatus(order, taken.filledLots > 0 ? 'filled' : 'canceled');
  else {
    // A limit trigger that could not fill completely rests as a plain GTC order.
    order.tif = 'Gtc';
    state.setStatus(order, 'open');
  }
  if (taken.filledLots > 0) afterFill(state, acct, order);
}

/**
 * Applies the consequences of the current mark of `coin`: its live orders first, then liquidation.
 * Stops and targets go first because they are the trader's own way out: a stop the same move
 * reaches closes (or shrinks) the position before the liquidator would, as on the venue when the
 * mark walks down through the stop before it reaches the liquidation price.
 */
export function onMarkChange(state: SimState, coin: string): void {
  const assetId = state.assetId(coin);
  if (assetId < 0) return;
  fillAndTrigger(state, assetId, state.marks.get(coin));
  liquidateOnMark(state, coin);
}

/** Fills the crossed resting orders of the asset and fires its reached triggers, until nothing changes. */
function fillAndTrigger(state: SimState, assetId: number, mark: number): void {
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    let changed = false;
    for (const order of state.liveOrders({ asset: assetId })) {
      if (order.status !== 'open' || order.pendingParent) continue;
      const acct = state.account(order.user);
      if (!acct) continue;
      if (order.trigger && !order.triggered) {
        if (!triggerReached(order, mark)) continue;
        fireTrigger(state, acct, order, mark);
        changed = true;
      } else if (order.isBuy ? mark <= order.limitPx : mark >= order.limitPx) {
        fillResting(state, acct, order);
        changed = true;
      }
    }
    if (!changed) return;
  }
}
