/**
 * The `modify` and `batchModify` actions (docs/research/hyperliquid-modify.md): the order named by
 * oid or cloid is cancelled, then the new order is placed by the checks of any new order, with a
 * new oid and the cloid it was sent with. Without `always_place` only an order on the book can be
 * modified, and only into a non-trigger ALO or GTC order, which is placed as ALO; with it the new
 * order is placed whether or not the cancel succeeded. A new order refused after the cancel leaves
 * neither order live.
 */
import { ModifyError, TopLevel } from './errors.js';
import { cancelOrder } from './execution.js';
import type { OrderWire } from './orderAction.js';
import { placeStandaloneOrder, type OrderStatusWire } from './placeOrders.js';
import type { SimAccount, SimOrder, SimState } from './simState.js';
import type { DefaultReply } from './tradingActions.js';

/** One modify: the order to replace (its oid, or its cloid as 0x-hex) and the order replacing it. */
export interface ModifyWire {
  oid: number | string;
  order: OrderWire;
}

/**
 * The `order` action's batch checks, run before anything executes: a refusal is top-level and
 * leaves the nonce unused.
 */
export function preValidateModifies(modifies: readonly ModifyWire[]): string | null {
  if (modifies.length === 0) return TopLevel.ordersEmpty;
  for (const m of modifies) if ('trigger' in m.order.t && !m.order.r) return TopLevel.triggerNotReduceOnly;
  return null;
}

/** The account's live order on `asset` named by oid or cloid, as a cancel finds it. */
function liveTarget(state: SimState, acct: SimAccount, target: number | string, asset: number): SimOrder | undefined {
  if (typeof target === 'string') {
    const cloid = target.toLowerCase();
    return state.liveOrders({ user: acct.address, asset }).find((o) => o.cloid === cloid);
  }
  const order = state.orders.get(target);
  return order && order.user === acct.address && order.asset === asset && order.status === 'open' ? order : undefined;
}

/** A trigger still waiting for its price (a bracket child waiting for its entry included) is not on the book. */
const onBook = (order: SimOrder): boolean => order.trigger === null || order.triggered;

/** Executes one modify: the new order's status, or why nothing (or only the cancel) happened. */
function modifyOne(state: SimState, acct: SimAccount, modify: ModifyWire, alwaysPlace: boolean, hash: string): OrderStatusWire {
  const target = liveTarget(state, acct, modify.oid, modify.order.a);
  let wire = modify.order;
  if (!alwaysPlace) {
    if (target === undefined || !onBook(target)) return { error: ModifyError.notLive };
    if (!('limit' in wire.t) || (wire.t.limit.tif !== 'Alo' && wire.t.limit.tif !== 'Gtc')) return { error: ModifyError.needsAlwaysPlace };
    // "TIF of the new order is overridden to ALO": a GTC that would cross gets the post-only refusal.
    wire = { ...wire, t: { limit: { tif: 'Alo' } } };
  }
  if (target !== undefined) cancelOrder(state, target, 'canceled');
  const { status } = placeStandaloneOrder(state, acct, wire, hash);
  return typeof status === 'object' && 'error' in status ? { error: ModifyError.placeFailed(status.error) } : status;
}

/** `batchModify`: the modifies in the order sent, one status each (a later one sees what earlier ones did). */
export function batchModify(state: SimState, acct: SimAccount, modifies: readonly ModifyWire[], alwaysPlace: boolean, hash: string): OrderStatusWire[] {
  return modifies.map((modify) => modifyOne(state, acct, modify, alwaysPlace, hash));
}

/** `modify`: `{"type":"default"}` once the new order is placed, else the error at the top level. */
export function modifyOrder(state: SimState, acct: SimAccount, modify: ModifyWire, alwaysPlace: boolean, hash: string): DefaultReply {
  const status = modifyOne(state, acct, modify, alwaysPlace, hash);
  if (typeof status === 'object' && 'error' in status) return { status: 'err', response: status.error };
  return { status: 'ok', response: { type: 'default' } };
}
