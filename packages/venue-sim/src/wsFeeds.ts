/**
 * Data of the pushed WebSocket channels, built from the same views as /info so both always agree:
 *  - allMids: `{mids}` (no `dex` key for the main dex: nk drops frames whose `dex` differs from its request);
 *  - userFills: a snapshot `{user, fills, isSnapshot: true}` on subscribe (newest first, like /info),
 *    then `{user, fills}` with the new fills in the order they happened;
 *  - orderUpdates: `[{order, status, statusTimestamp}]`, `order` shaped like an `openOrders` item.
 *    No snapshot on subscribe: the venue was only observed sending none, and readers take open
 *    orders from /info after (re)subscribing anyway.
 */
import { allMidsView, MAX_FILLS_RETURNED } from './infoHandlers.js';
import { fillView, openOrderView, type SimFill, type SimOrder, type SimState } from '@hyperhook/venue-engine';

/** `allMids` channel data. */
export function allMidsData(state: SimState): { mids: Record<string, string> } {
  return { mids: allMidsView(state) };
}

/** First `userFills` frame after subscribing. */
export function userFillsSnapshot(state: SimState, user: string): Record<string, unknown> {
  const fills = state.account(user)?.fills ?? [];
  return { user, fills: fills.slice(-MAX_FILLS_RETURNED).reverse().map(fillView), isSnapshot: true };
}

/** A `userFills` frame with fills booked since the last one. */
export function userFillsUpdate(user: string, fills: readonly SimFill[]): Record<string, unknown> {
  return { user, fills: fills.map(fillView) };
}

/** `orderUpdates` channel data for orders that changed. */
export function orderUpdatesData(state: SimState, orders: readonly SimOrder[]): Record<string, unknown>[] {
  return orders.map((o) => ({ order: openOrderView(state, o), status: o.status, statusTimestamp: o.statusTimestamp }));
}
