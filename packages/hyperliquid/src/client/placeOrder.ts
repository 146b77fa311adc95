import type { OrderParameters } from '@nktkas/hyperliquid/api/exchange';
import type { AssetForAction } from './assetForAction.js';
import type { ExchangeOutcome } from './exchangeOutcome.js';
import { buildWireOrder, type OrderToPlace } from './orderWire.js';
import { outcomeFromError, outcomeFromResponse } from './toExchangeOutcome.js';

/** What placing an order did. */
export interface PlaceOrderResult {
  /** What became of the entry (and, inside, its TP/SL children). */
  outcome: ExchangeOutcome;
  cloid: string;
  /**
   * The signed order's `expiresAfter` (ms since the epoch), when it was sent. After this time the
   * venue refuses the signed action, so an order that `reconcileByCloid` still cannot find will
   * never appear: only then is sending a new one safe after an `uncertain` outcome.
   */
  expiresAfter?: number;
}

/** I/O of {@link placeOrder}, bound to one account and network. */
export interface PlaceOrderIo {
  /** The order's asset from the cached meta, or the outcome when it cannot be had (see assetForAction). */
  asset(coin: string): Promise<AssetForAction>;
  /** Signs and sends the order action; resolves with the venue's answer or throws. */
  sendOrder(params: OrderParameters, expiresAfter: number | undefined): Promise<unknown>;
  now(): number;
  /** Lifetime of a signed order, or null to send without `expiresAfter`. */
  orderExpiryMs: number | null;
}

/**
 * Places one order: resolve the asset, check and build the wire order, sign and send, and map
 * whatever comes back to an {@link ExchangeOutcome}. Leverage is never touched here: the caller
 * aligns it beforehand. Never throws for an exchange answer; only programming errors escape.
 */
export async function placeOrder(io: PlaceOrderIo, order: OrderToPlace): Promise<PlaceOrderResult> {
  const base = { cloid: order.cloid };
  const found = await io.asset(order.coin);
  if (!found.ok) return { ...base, outcome: found.outcome };
  const built = buildWireOrder(order, found.asset);
  if (!built.ok) return { ...base, outcome: built.failure };

  const expiresAfter = io.orderExpiryMs === null ? undefined : io.now() + io.orderExpiryMs;
  const expectation = { requestedSize: built.value.requestedSize, children: built.value.children };
  const sent = expiresAfter === undefined ? {} : { expiresAfter };
  try {
    const response = await io.sendOrder(built.value.params, expiresAfter);
    return { ...base, ...sent, outcome: outcomeFromResponse(response, expectation) };
  } catch (error) {
    return { ...base, ...sent, outcome: await outcomeFromError(error, 'exchange', expectation) };
  }
}
