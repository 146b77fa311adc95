/**
 * JSON views of orders and fills with the venue's exact field names and Rust-style decimals:
 * `openOrders` items, `frontendOpenOrders` items (also the `order` inside `orderStatus`) and
 * `userFills` items.
 */
import type { SimFill, SimOrder, SimState } from './simState.js';
import { orderTypeLabel, triggerConditionText } from './triggerRules.js';
import { formatLots, formatSig, formatUsd } from './wireDecimal.js';

function szDecimalsOf(state: SimState, order: SimOrder): number {
  return state.asset(order.asset)?.szDecimals ?? 0;
}

/** `openOrders` item: triggers appear as plain reduce-only orders at their limit price. */
export function openOrderView(state: SimState, o: SimOrder): Record<string, unknown> {
  const d = szDecimalsOf(state, o);
  const out: Record<string, unknown> = {
    coin: o.coin,
    side: o.isBuy ? 'B' : 'A',
    limitPx: formatSig(o.limitPx),
    sz: formatLots(o.lots, d),
    oid: o.oid,
    timestamp: o.timestamp,
    origSz: formatLots(o.origLots, d),
  };
  if (o.cloid) out.cloid = o.cloid;
  if (o.reduceOnly) out.reduceOnly = true;
  return out;
}

/** `frontendOpenOrders` item, with bracket children still waiting for this entry nested in `children`. */
export function frontendOrderView(state: SimState, o: SimOrder): Record<string, unknown> {
  const d = szDecimalsOf(state, o);
  const children = o.childOids
    .map((oid) => state.orders.get(oid))
    .filter((c): c is SimOrder => c !== undefined && c.status === 'open' && c.pendingParent)
    .map((c) => frontendOrderView(state, c));
  const isTrigger = o.trigger !== null && !o.triggered;
  return {
    coin: o.coin,
    side: o.isBuy ? 'B' : 'A',
    limitPx: formatSig(o.limitPx),
    sz: formatLots(o.lots, d),
    oid: o.oid,
    timestamp: o.timestamp,
    triggerCondition: isTrigger ? triggerConditionText(o) : 'N/A',
    isTrigger,
    triggerPx: o.trigger ? formatSig(o.trigger.px) : '0.0',
    children,
    isPositionTpsl: o.isPositionTpsl,
    reduceOnly: o.reduceOnly,
    orderType: orderTypeLabel(o),
    origSz: formatLots(o.origLots, d),
    tif: o.tif,
    cloid: o.cloid,
  };
}

/** Orders a user still has on the book (children waiting for their entry are nested, not listed). */
export function listedOrders(state: SimState, user: string): SimOrder[] {
  return state
    .liveOrders({ user })
    .filter((o) => !o.pendingParent)
    .sort((a, b) => b.oid - a.oid);
}

/** `userFills` item. */
export function fillView(f: SimFill): Record<string, unknown> {
  const out: Record<string, unknown> = {
    coin: f.coin,
    px: formatSig(f.px),
    sz: formatLots(f.lots, f.szDecimals),
    side: f.isBuy ? 'B' : 'A',
    time: f.time,
    startPosition: formatLots(f.startLots, f.szDecimals),
    dir: f.dir,
    closedPnl: formatUsd(f.closedPnl),
    hash: f.hash,
    oid: f.oid,
    crossed: f.crossed,
    fee: formatUsd(f.fee),
    tid: f.tid,
  };
  if (f.cloid) out.cloid = f.cloid;
  if (f.liquidation) {
    const { liquidatedUser, markPx, method } = f.liquidation;
    out.liquidation = { liquidatedUser, markPx: formatSig(markPx), method };
  }
  out.feeToken = 'USDC';
  out.twapId = null;
  return out;
}
