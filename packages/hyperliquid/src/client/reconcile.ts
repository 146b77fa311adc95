import type { OrderStatusResponse } from '@nktkas/hyperliquid/api/info';
import { type ExchangeOutcome, type FailedOutcome, rejected } from './exchangeOutcome.js';

/**
 * What the venue knows about a client order id.
 *
 * - `found`: an order with this cloid reached the venue; `outcome` says what became of it. Never
 *   send the order again.
 * - `notFound`: no such order yet. `final` is true once the request's `expiresAfter` has passed:
 *   the venue refuses the signed action from then on, so it can no longer appear and a new order
 *   is safe. Before that an in-flight request may still land; wait and ask again.
 * - `unavailable`: the question itself failed (the venue could not be reached); ask again.
 */
export type ReconcileResult =
  | {
      kind: 'found';
      oid: number;
      /** Venue order status ("open", "filled", "canceled", "…Rejected", …). */
      status: string;
      coin: string;
      isBuy: boolean;
      limitPrice: number;
      originalSize: number;
      filledSize: number;
      outcome: ExchangeOutcome;
    }
  | { kind: 'notFound'; final: boolean }
  | { kind: 'unavailable'; outcome: FailedOutcome };

const num = (value: string) => (Number.isFinite(Number(value)) ? Number(value) : 0);

/**
 * Reads an `orderStatus` answer. orderStatus carries the remaining size, not the fills, so
 * filledSize = origSz − sz and the average price is unknown (null) — the fills themselves
 * arrive through the fill events.
 */
export function reconcileFromOrderStatus(answer: OrderStatusResponse, expiresAfter: number | undefined, now: number): ReconcileResult {
  if (answer.status !== 'order') {
    return { kind: 'notFound', final: expiresAfter !== undefined && now > expiresAfter };
  }
  const { order, status } = answer.order;
  const originalSize = num(order.origSz);
  const filledSize = Math.max(0, originalSize - num(order.sz));
  const cloid = typeof order.cloid === 'string' ? { cloid: order.cloid } : {};
  let outcome: ExchangeOutcome;
  if (status === 'open' || status === 'triggered') {
    outcome = { kind: 'resting', oid: order.oid, ...cloid, children: [] };
  } else if (filledSize > 0) {
    // Filled, or partly filled then cancelled (an IOC's unfilled rest): the position exists.
    outcome = { kind: 'filled', oid: order.oid, ...cloid, filledSize, avgPrice: null, partial: filledSize < originalSize, children: [] };
  } else {
    outcome = rejected({ reason: 'orderRejected', message: `Hyperliquid reports the order as ${status} with nothing filled.`, stage: 'venue' });
  }
  return {
    kind: 'found',
    oid: order.oid,
    status,
    coin: order.coin,
    isBuy: order.side === 'B',
    limitPrice: num(order.limitPx),
    originalSize,
    filledSize,
    outcome,
  };
}
