import { z } from 'zod';
import { assetsForBatch } from './assetsForBatch.js';
import { type BatchAnswer, type BatchOutcome, batchStatuses, batchStatusesFromError } from './batchStatuses.js';
import { OutcomeReasonSchema } from './exchangeOutcome.js';
import type { PlaceOrderIo } from './placeOrder.js';
import { buildTriggerWire, type TriggerGrouping, type TriggerOrderToPlace } from './triggerWire.js';
import { readOrderError } from './venueErrorReason.js';

/**
 * What became of one standalone trigger order, in the order sent.
 *
 * - `resting`: live at the venue with its oid, waiting for its trigger.
 * - `waitingForTrigger`: live, but the venue named no oid (its answer for position TP/SL): find
 *   it by cloid (getOpenOrders, cancelByCloid).
 * - `rejected`: not placed; the venue's text in `message`.
 * - `missing`: the venue's status for it could not be read; look it up by cloid before placing again.
 */
export const TriggerOrderStatusSchema = z.discriminatedUnion('status', [
  z.object({ cloid: z.string(), kind: z.enum(['tp', 'sl']), status: z.literal('resting'), oid: z.number().int() }),
  z.object({ cloid: z.string(), kind: z.enum(['tp', 'sl']), status: z.literal('waitingForTrigger') }),
  z.object({ cloid: z.string(), kind: z.enum(['tp', 'sl']), status: z.literal('rejected'), reason: OutcomeReasonSchema, message: z.string() }),
  z.object({ cloid: z.string(), kind: z.enum(['tp', 'sl']), status: z.literal('missing') }),
]);
/** See {@link TriggerOrderStatusSchema}. */
export type TriggerOrderStatus = z.infer<typeof TriggerOrderStatusSchema>;

/** What placing standalone trigger orders did. */
export interface PlaceTriggerOrdersResult {
  /**
   * The action as a whole: `ok` when the venue executed it (each order's fate is in `orders`),
   * else `rejected` / `transientError` (nothing placed) or `uncertain` (reconcile by cloid first).
   */
  outcome: BatchOutcome;
  /** One status per order sent, in order; empty when the action failed as a whole. */
  orders: TriggerOrderStatus[];
  /** The signed action's `expiresAfter` (ms since the epoch), when it was sent. */
  expiresAfter?: number;
}

/** I/O of {@link placeTriggerOrders}, bound to one signer and network: an entry's, as the action is the same. */
export type PlaceTriggerOrdersIo = PlaceOrderIo;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function readStatus(order: TriggerOrderToPlace, status: unknown): TriggerOrderStatus {
  const base = { cloid: order.cloid, kind: order.kind };
  if (status === 'waitingForTrigger') return { ...base, status: 'waitingForTrigger' };
  if (isObject(status)) {
    if (typeof status.error === 'string') return { ...base, status: 'rejected', reason: readOrderError(status.error).reason, message: status.error };
    if (isObject(status.resting) && typeof status.resting.oid === 'number') return { ...base, status: 'resting', oid: status.resting.oid };
  }
  return { ...base, status: 'missing' };
}

function resultOf(orders: readonly TriggerOrderToPlace[], answer: BatchAnswer, sent: { expiresAfter?: number }): PlaceTriggerOrdersResult {
  if (!answer.ok) return { outcome: answer.outcome, orders: [], ...sent };
  return { outcome: { kind: 'ok' }, orders: orders.map((order, i) => readStatus(order, answer.statuses[i])), ...sent };
}

/**
 * Places 1..N standalone reduce-only trigger orders in one signed `order` action: resolve each
 * coin, check and build the wire orders (nothing is rounded), sign, send and read one status per
 * order. Never throws for an exchange answer; only programming errors escape.
 */
export async function placeTriggerOrders(
  io: PlaceTriggerOrdersIo,
  orders: readonly TriggerOrderToPlace[],
  grouping: TriggerGrouping,
): Promise<PlaceTriggerOrdersResult> {
  const found = await assetsForBatch(
    io.asset,
    orders.map((order) => order.coin),
  );
  if (!found.ok) return { outcome: found.outcome, orders: [] };
  const built = buildTriggerWire(orders, found.assets, grouping);
  if (!built.ok) return { outcome: built.failure, orders: [] };

  const expiresAfter = io.orderExpiryMs === null ? undefined : io.now() + io.orderExpiryMs;
  const sent = expiresAfter === undefined ? {} : { expiresAfter };
  try {
    return resultOf(orders, batchStatuses(await io.sendOrder(built.value, expiresAfter), orders.length), sent);
  } catch (error) {
    return resultOf(orders, await batchStatusesFromError(error, orders.length), sent);
  }
}
