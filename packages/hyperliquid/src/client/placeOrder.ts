import type { OrderParameters } from '@nktkas/hyperliquid/api/exchange';
import { type ExchangeOutcome, rejected } from './exchangeOutcome.js';
import { ensureLeverage, type LeverageIo, type LeverageStep } from './leverage.js';
import type { PerpAsset } from './metaCache.js';
import { buildWireOrder, type OrderToPlace } from './orderWire.js';
import { outcomeFromError, outcomeFromResponse } from './toExchangeOutcome.js';
import { unknownCoinMessage } from './unknownCoinMessage.js';

/** What placing an order did. */
export interface PlaceOrderResult {
  /** What became of the entry (and, inside, its TP/SL children). */
  outcome: ExchangeOutcome;
  /** Whether leverage was read, changed or refused first. */
  leverage: LeverageStep;
  cloid: string;
  /**
   * The signed order's `expiresAfter` (ms since the epoch), when it was sent. After this time the
   * venue refuses the signed action, so an order that `reconcileByCloid` still cannot find will
   * never appear: only then is sending a new one safe after an `uncertain` outcome.
   */
  expiresAfter?: number;
}

/** I/O of {@link placeOrder}, bound to one account and network. */
export interface PlaceOrderIo extends LeverageIo {
  /** Asset lookup (cached meta, refreshed on an unknown coin). May throw on a failed read. */
  asset(coin: string): Promise<PerpAsset | undefined>;
  /** Signs and sends the order action; resolves with the venue's answer or throws. */
  sendOrder(params: OrderParameters, expiresAfter: number | undefined): Promise<unknown>;
  now(): number;
  /** Lifetime of a signed order, or null to send without `expiresAfter`. */
  orderExpiryMs: number | null;
}

/**
 * Places one order: resolve the asset, check and build the wire order, align leverage for
 * opening orders, sign and send, and map whatever comes back to an {@link ExchangeOutcome}.
 * Never throws for an exchange answer; only programming errors escape.
 */
export async function placeOrder(io: PlaceOrderIo, order: OrderToPlace): Promise<PlaceOrderResult> {
  const base = { cloid: order.cloid };
  const notTouched: LeverageStep = { action: 'notRequested', from: null, to: null };
  let asset: PerpAsset | undefined;
  try {
    asset = await io.asset(order.coin);
  } catch (error) {
    return { ...base, leverage: notTouched, outcome: await outcomeFromError(error, 'info') };
  }
  if (asset === undefined) {
    return {
      ...base,
      leverage: notTouched,
      outcome: rejected({ reason: 'unknownCoin', message: unknownCoinMessage(order.coin), stage: 'client' }),
    };
  }
  const built = buildWireOrder(order, asset);
  if (!built.ok) return { ...base, leverage: notTouched, outcome: built.failure };

  // Reduce-only orders never change leverage: a close must not fail on a leverage problem.
  const { step, failure } = await ensureLeverage(io, asset, order.reduceOnly ? undefined : order.leverage);
  if (failure !== undefined) return { ...base, leverage: step, outcome: failure };

  const expiresAfter = io.orderExpiryMs === null ? undefined : io.now() + io.orderExpiryMs;
  const expectation = { requestedSize: built.value.requestedSize, children: built.value.children };
  const sent = expiresAfter === undefined ? {} : { expiresAfter };
  try {
    const response = await io.sendOrder(built.value.params, expiresAfter);
    return { ...base, ...sent, leverage: step, outcome: outcomeFromResponse(response, expectation) };
  } catch (error) {
    return { ...base, ...sent, leverage: step, outcome: await outcomeFromError(error, 'exchange', expectation) };
  }
}
