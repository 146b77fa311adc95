/**
 * The `order` action: per-order validation in the venue's order (decimals/tick → reference band →
 * $10 minimum → reduce-only → margin → time-in-force), matching against the synthetic book, resting,
 * triggers (a standalone one answered `resting` with its oid) and `normalTpsl` / `positionTpsl` groupings. Statuses are positional; an order that fails
 * after it got an oid is kept with its `…Rejected` status so `orderStatus` by cloid can show it.
 */
import type { OrderAction, OrderWire } from './orderAction.js';
import { accountNumbers } from './clearinghouse.js';
import { OrderError, TopLevel } from './errors.js';
import { cancelWaitingChildren, reconcileReduceOnly, reduces, takeLiquidity } from './execution.js';
import { isValidSimPrice, priceToWire } from './priceRules.js';
import type { OrderStatusName, SimAccount, SimOrder, SimState } from './simState.js';
import { bestBidAsk } from './syntheticBook.js';
import { triggerReached } from './triggerRules.js';
import type { SimAsset } from './types.js';
import { formatLots, formatSig, parseLots } from './wireDecimal.js';

/** One entry of `statuses`. */
export type OrderStatusWire =
  | { resting: { oid: number; cloid?: string } }
  | { filled: { totalSz: string; avgPx: string; oid: number; cloid?: string } }
  | { error: string }
  | 'waitingForFill'
  | 'waitingForTrigger';

/** Largest relative distance from the reference (mark) price an order price may have. */
export const REFERENCE_BAND = 0.8;
/** Smallest notional (USD) of an order that is not reduce-only. */
export const MIN_ORDER_VALUE_USD = 10;

/**
 * Payload-deterministic checks the venue runs once for the whole batch, before anything executes:
 * a refusal here is a top-level error and does not consume the nonce.
 */
export function preValidateOrderAction(action: OrderAction): string | null {
  if (action.orders.length === 0) return TopLevel.ordersEmpty;
  for (const o of action.orders) if ('trigger' in o.t && !o.r) return TopLevel.triggerNotReduceOnly;
  return null;
}

interface Ctx {
  state: SimState;
  acct: SimAccount;
  hash: string;
}

interface Placed {
  status: OrderStatusWire;
  order: SimOrder | null;
}

const err = (error: string): Placed => ({ status: { error }, order: null });

function reject(ctx: Ctx, order: SimOrder, status: OrderStatusName, error: string): Placed {
  ctx.state.setStatus(order, status);
  return { status: { error }, order: null };
}

function withCloid<T extends object>(body: T, order: SimOrder): T & { cloid?: string } {
  return order.cloid ? { ...body, cloid: order.cloid } : body;
}

/** Builds the SimOrder for a wire order that passed the size checks. */
function newOrder(ctx: Ctx, wire: OrderWire, asset: SimAsset, lots: number, grouping: string): SimOrder {
  const { state } = ctx;
  const trigger = 'trigger' in wire.t ? wire.t.trigger : null;
  const order: SimOrder = {
    oid: state.nextOid(),
    user: ctx.acct.address,
    asset: wire.a,
    coin: asset.name,
    isBuy: wire.b,
    limitPx: Number(wire.p),
    lots,
    origLots: lots,
    reduceOnly: wire.r,
    tif: 'limit' in wire.t ? wire.t.limit.tif : null,
    trigger: trigger ? { px: Number(trigger.triggerPx), isMarket: trigger.isMarket, tpsl: trigger.tpsl } : null,
    triggered: false,
    isPositionTpsl: grouping === 'positionTpsl' && trigger !== null,
    wholePosition: grouping === 'positionTpsl' && trigger !== null && lots === 0,
    parentOid: null,
    childOids: [],
    siblingOids: [],
    pendingParent: false,
    cloid: wire.c ? wire.c.toLowerCase() : null,
    timestamp: state.now(),
    status: 'open',
    statusTimestamp: state.now(),
  };
  state.addOrder(order);
  return order;
}

/** Decimals, tick, band and minimum-value checks shared by every kind of order. */
function validateShape(ctx: Ctx, wire: OrderWire, grouping: string): Placed | { order: SimOrder; asset: SimAsset } {
  const { state } = ctx;
  const asset = state.asset(wire.a);
  if (!asset) return err(OrderError.unknownAsset(wire.a));
  const lots = parseLots(wire.s, asset.szDecimals);
  if (lots === null) return err(OrderError.invalidSize);
  const isTrigger = 'trigger' in wire.t;
  if (lots === 0 && !(isTrigger && grouping === 'positionTpsl')) return err(OrderError.zeroSize);
  if (Number(wire.p) === 0) return err(OrderError.invalidPrice);

  const order = newOrder(ctx, wire, asset, lots, grouping);
  if (!isValidSimPrice(wire.p, asset.szDecimals, state.strictIntegerSigFigs)) {
    return reject(ctx, order, 'tickRejected', OrderError.tick(wire.a));
  }
  if ('trigger' in wire.t) {
    const tpx = wire.t.trigger.triggerPx;
    if (Number(tpx) === 0 || !isValidSimPrice(tpx, asset.szDecimals, state.strictIntegerSigFigs)) {
      return reject(ctx, order, 'badTriggerPxRejected', OrderError.badTriggerPx(wire.a));
    }
  }
  const mark = state.marks.get(asset.name);
  if (Math.abs(order.limitPx - mark) / mark > REFERENCE_BAND) return reject(ctx, order, 'oracleRejected', OrderError.band);
  const notional = (lots / 10 ** asset.szDecimals) * order.limitPx;
  if (!wire.r && notional < MIN_ORDER_VALUE_USD - 1e-9) return reject(ctx, order, 'minTradeNtlRejected', OrderError.minValue);
  return { order, asset };
}

/** Registers an accepted trigger: reduce-only against the current position, not already triggered. */
function acceptTrigger(ctx: Ctx, order: SimOrder, checkPosition: boolean): Placed {
  const { state, acct } = ctx;
  if (checkPosition && !reduces(state.positionLots(acct, order.asset), order.isBuy)) {
    return reject(ctx, order, 'reduceOnlyRejected', OrderError.reduceOnly(order.asset));
  }
  // A trigger already satisfied at placement would fire at once: the venue calls that a bad TP/SL price.
  if (triggerReached(order, state.marks.get(order.coin))) {
    return reject(ctx, order, 'badTriggerPxRejected', OrderError.badTriggerPx(order.asset));
  }
  if (order.wholePosition) order.lots = Math.abs(state.positionLots(acct, order.asset));
  return { status: 'waitingForTrigger', order };
}

/** Reduce-only, margin and time-in-force for a limit order that passed the shape checks. */
function executeLimit(ctx: Ctx, order: SimOrder, asset: SimAsset): Placed {
  const { state, acct } = ctx;
  const pos = state.positionLots(acct, order.asset);
  if (order.reduceOnly) {
    if (!reduces(pos, order.isBuy)) return reject(ctx, order, 'reduceOnlyRejected', OrderError.reduceOnly(order.asset));
    // Capped to the position, never flips it.
    order.lots = Math.min(order.lots, Math.abs(pos));
    order.origLots = order.lots;
  } else {
    const increaseLots = reduces(pos, order.isBuy) ? Math.max(0, order.lots - Math.abs(pos)) : order.lots;
    const mark = state.marks.get(asset.name);
    const required = ((increaseLots / 10 ** asset.szDecimals) * mark) / state.leverageOf(acct, order.asset).value;
    if (required > accountNumbers(state, acct, order.oid).availableMargin + 1e-9) {
      return reject(ctx, order, 'perpMarginRejected', OrderError.margin(order.asset));
    }
  }

  const { bid, ask } = bestBidAsk(state.marks.get(asset.name), asset.szDecimals);
  const crosses = order.isBuy ? order.limitPx >= ask : order.limitPx <= bid;
  if (order.tif === 'Alo') {
    if (crosses) {
      const bbo = `${priceToWire(bid, asset.szDecimals)}@${priceToWire(ask, asset.szDecimals)}`;
      return reject(ctx, order, 'badAloPxRejected', OrderError.badAlo(bbo, order.asset));
    }
    if (order.reduceOnly) reconcileReduceOnly(state, acct, order.asset);
    return { status: { resting: withCloid({ oid: order.oid }, order) }, order };
  }

  const taken = crosses ? takeLiquidity(state, acct, order, order.limitPx, order.lots, ctx.hash) : { filledLots: 0, pxLots: 0 };
  order.lots -= taken.filledLots;
  if (taken.filledLots > 0) reconcileReduceOnly(state, acct, order.asset);
  const isIoc = order.tif === 'Ioc' || order.tif === 'FrontendMarket';
  if (isIoc && taken.filledLots === 0) return reject(ctx, order, 'iocCancelRejected', OrderError.iocNoMatch(order.asset));
  if (taken.filledLots > 0 && (isIoc || order.lots === 0)) {
    // An IOC remainder is cancelled silently; the order reports what did fill.
    state.setStatus(order, 'filled');
    const filled = {
      totalSz: formatLots(taken.filledLots, asset.szDecimals),
      avgPx: formatSig(taken.pxLots / taken.filledLots),
      oid: order.oid,
    };
    return { status: { filled: withCloid(filled, order) }, order };
  }
  // A new resting reduce-only order takes precedence over older ones that together exceed the position.
  if (order.reduceOnly) reconcileReduceOnly(state, acct, order.asset);
  return { status: { resting: withCloid({ oid: order.oid }, order) }, order };
}

/** Places one order with no bracket relationship. */
function placeSingle(ctx: Ctx, wire: OrderWire, grouping: string): Placed {
  const shaped = validateShape(ctx, wire, grouping);
  if ('status' in shaped) return shaped;
  if (shaped.order.trigger) {
    const placed = acceptTrigger(ctx, shaped.order, true);
    // A standalone trigger is answered like a resting order, with the oid that cancels it: only
    // bracket children and position TP/SL get the bare "waitingForTrigger".
    if (grouping !== 'na' || placed.order === null) return placed;
    return { status: { resting: withCloid({ oid: placed.order.oid }, placed.order) }, order: placed.order };
  }
  return executeLimit(ctx, shaped.order, shaped.asset);
}

/** Places one bracket child of an accepted entry. */
function placeChild(ctx: Ctx, wire: OrderWire, parent: SimOrder, parentFilled: boolean): Placed {
  if (!('trigger' in wire.t)) return placeSingle(ctx, wire, 'na');
  const shaped = validateShape(ctx, wire, 'normalTpsl');
  if ('status' in shaped) return shaped;
  const child = shaped.order;
  if (child.isBuy === parent.isBuy) return reject(ctx, child, 'rejected', OrderError.triggerSide);
  child.parentOid = parent.oid;
  // The venue gives a bracket child its parent's size, whatever size the child was sent with.
  child.lots = parent.origLots;
  child.origLots = parent.origLots;
  if (parentFilled) return acceptTrigger(ctx, child, true);
  child.pendingParent = true;
  parent.childOids.push(child.oid);
  return { status: 'waitingForFill', order: child };
}

function count(ctx: Ctx, wire: OrderWire, placed: Placed): void {
  const { counters } = ctx.state;
  if (wire.c) {
    const key = wire.c.toLowerCase();
    counters.ordersByCloid.set(key, (counters.ordersByCloid.get(key) ?? 0) + 1);
  }
  if (typeof placed.status === 'string' || !('error' in placed.status)) counters.ordersAccepted += 1;
}

/**
 * Places one order with no bracket relationship (grouping "na"), as a modify places the order that
 * replaces another: the same checks as any new order, counted like one. `order` is null when it was
 * refused before it got an oid.
 */
export function placeStandaloneOrder(state: SimState, acct: SimAccount, wire: OrderWire, hash: string): { status: OrderStatusWire; order: SimOrder | null } {
  const ctx: Ctx = { state, acct, hash };
  const placed = placeSingle(ctx, wire, 'na');
  count(ctx, wire, placed);
  return placed;
}

/** Executes a (pre-validated) order action for `acct`; returns the positional statuses. */
export function placeOrderAction(state: SimState, acct: SimAccount, action: OrderAction, hash: string): OrderStatusWire[] {
  const ctx: Ctx = { state, acct, hash };
  const grouping = typeof action.grouping === 'string' ? action.grouping : 'na';
  const [first, ...rest] = action.orders;
  if (grouping === 'normalTpsl' && first && !('trigger' in first.t)) {
    const parent = placeSingle(ctx, first, 'na');
    count(ctx, first, parent);
    const statuses: OrderStatusWire[] = [parent.status];
    const parentOrder = parent.order;
    // Only a full fill places the children: an IOC that filled in part reports `filled` too.
    const parentFilled = parentOrder !== null && parentOrder.status === 'filled' && parentOrder.lots === 0;
    const children: SimOrder[] = [];
    for (const wire of rest) {
      const placed = parentOrder ? placeChild(ctx, wire, parentOrder, parentFilled) : err(OrderError.parentRejected(wire.a));
      count(ctx, wire, placed);
      statuses.push(placed.status);
      if (placed.order?.trigger) children.push(placed.order);
    }
    link(children);
    // An IOC's unfilled rest is cancelled, and with it the children that waited for it: the
    // replies still say "waitingForFill", as the children were when the parent was placed.
    if (parentOrder !== null && parentOrder.status === 'filled' && parentOrder.lots > 0) cancelWaitingChildren(state, parentOrder);
    return statuses;
  }
  const statuses: OrderStatusWire[] = [];
  const triggers: SimOrder[] = [];
  for (const wire of action.orders) {
    const placed = placeSingle(ctx, wire, grouping);
    count(ctx, wire, placed);
    statuses.push(placed.status);
    if (placed.order?.trigger && grouping === 'positionTpsl') triggers.push(placed.order);
  }
  link(triggers);
  return statuses;
}

/** TP and SL placed together are one-cancels-other. */
function link(orders: SimOrder[]): void {
  for (const o of orders) o.siblingOids = orders.filter((x) => x !== o).map((x) => x.oid);
}
