/**
 * Shared execution steps used both when an order arrives (placeOrders) and when the mark moves
 * (markEvents): taking liquidity from the synthetic book, keeping reduce-only orders honest after a
 * position change, activating bracket children and cancelling linked orders.
 */
import { applyFill } from './ledger.js';
import type { OrderStatusName, SimAccount, SimOrder, SimState } from './simState.js';
import { sweepBook } from './syntheticBook.js';

/** Outcome of a taker execution. */
export interface TakeResult {
  filledLots: number;
  /** Σ px·lots (in lots, not coins) for the average price. */
  pxLots: number;
}

/** Fills `order` as taker against the synthetic book up to `limitPx`, for at most `wantLots`. */
export function takeLiquidity(state: SimState, acct: SimAccount, order: SimOrder, limitPx: number, wantLots: number, hash: string | null): TakeResult {
  const asset = state.asset(order.asset);
  if (!asset || wantLots <= 0) return { filledLots: 0, pxLots: 0 };
  const sweep = sweepBook(state.marks.get(asset.name), asset.szDecimals, order.isBuy, limitPx, wantLots, state.bookDepth(asset.name));
  let pxLots = 0;
  for (const level of sweep.fills) {
    applyFill(state, acct, order, level.px, level.lots, true, hash);
    pxLots += level.px * level.lots;
  }
  return { filledLots: sweep.filledLots, pxLots };
}

/** Cancels a live order and, if it is a bracket entry, its children still waiting for it. */
export function cancelOrder(state: SimState, order: SimOrder, status: OrderStatusName): void {
  if (order.status !== 'open') return;
  state.setStatus(order, status);
  cancelWaitingChildren(state, order);
}

/**
 * Cancels the bracket children still waiting for `parent`: the venue places them only when the
 * parent fully fills, so a parent whose remainder is cancelled (by the user, or an IOC's unfilled
 * rest) leaves them cancelled, whatever part of it did fill.
 */
export function cancelWaitingChildren(state: SimState, parent: SimOrder): void {
  for (const childOid of parent.childOids) {
    const child = state.orders.get(childOid);
    if (child && child.status === 'open' && child.pendingParent) state.setStatus(child, 'canceled');
  }
}

/** After one of a TP/SL set filled, the rest of the set is cancelled. */
export function cancelSiblings(state: SimState, order: SimOrder): void {
  for (const oid of order.siblingOids) {
    const sibling = state.orders.get(oid);
    if (sibling) cancelOrder(state, sibling, 'siblingFilledCanceled');
  }
}

/** True when a fill in direction `isBuy` would reduce (not increase or open) a position of `posLots`. */
export function reduces(posLots: number, isBuy: boolean): boolean {
  return posLots !== 0 && Math.sign(posLots) !== (isBuy ? 1 : -1);
}

/**
 * Keeps reduce-only orders consistent with the position after it changed: orders on the wrong
 * side or against a flat position end `reduceOnlyCanceled` (so a position's TP/SL goes when it
 * closes or flips); resting reduce-only limits that together exceed the position are shrunk, the
 * oldest first (observed: the older of two is cancelled). A whole-position TP/SL (positionTpsl,
 * size "0") takes the position's new size; untriggered fixed-size triggers are left alone ("fixed
 * sizes don't resize"); they are capped when they fire.
 */
export function reconcileReduceOnly(state: SimState, acct: SimAccount, assetId: number): void {
  const pos = state.positionLots(acct, assetId);
  const live = state.liveOrders({ user: acct.address, asset: assetId }).filter((o) => o.reduceOnly && !o.pendingParent);
  for (const o of live) {
    if (!reduces(pos, o.isBuy)) cancelOrder(state, o, 'reduceOnlyCanceled');
    else if (o.wholePosition && !o.triggered && o.lots !== Math.abs(pos)) {
      o.lots = Math.abs(pos);
      state.orderChanged(o);
    }
  }
  let budget = Math.abs(pos);
  const resting = live.filter((o) => o.status === 'open' && (!o.trigger || o.triggered)).sort((a, b) => b.oid - a.oid);
  for (const o of resting) {
    if (o.lots <= budget) budget -= o.lots;
    else if (budget > 0) {
      o.lots = budget;
      budget = 0;
      state.orderChanged(o);
    } else cancelOrder(state, o, 'reduceOnlyCanceled');
  }
}

/** Turns a bracket entry's waiting children into live triggers once the entry has filled. */
export function activateChildren(state: SimState, acct: SimAccount, parent: SimOrder): void {
  for (const childOid of parent.childOids) {
    const child = state.orders.get(childOid);
    if (!child || child.status !== 'open' || !child.pendingParent) continue;
    child.pendingParent = false;
    if (!reduces(state.positionLots(acct, child.asset), child.isBuy)) cancelOrder(state, child, 'reduceOnlyCanceled');
  }
}
