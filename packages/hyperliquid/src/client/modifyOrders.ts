import type { BatchModifyParameters } from '@nktkas/hyperliquid/api/exchange';
import { z } from 'zod';
import type { AssetForAction } from './assetForAction.js';
import { assetsForBatch } from './assetsForBatch.js';
import { type BatchAnswer, type BatchOutcome, batchStatuses, batchStatusesFromError } from './batchStatuses.js';
import { isCloid } from './cloid.js';
import { OutcomeReasonSchema, rejected } from './exchangeOutcome.js';
import type { PerpAsset } from './metaCache.js';
import { type Built, buildWireOrder, invalid } from './orderWire.js';
import { readOrderError } from './venueErrorReason.js';

/** The order a modify replaces: by the venue's order id, or by the client order id it carries (lower-case). */
export type ModifyTarget = { oid: number } | { cloid: string };

/**
 * A resting limit order to modify and the limit order that replaces it. The venue cancels the
 * old order and places the new one with a new oid (docs/research/hyperliquid-modify.md). It is
 * sent as the python SDK sends it, without `always_place`, so the venue places the new order
 * post-only (ALO) whatever `tif` says: one that would cross the book is refused, and the old one
 * is then already cancelled. A trigger order waiting for its price cannot be modified so: cancel
 * it and place a new one. Prices and sizes are checked like an order's, never rounded.
 */
export interface OrderModification {
  target: ModifyTarget;
  coin: string;
  /** When given, must equal the asset id in the current `meta` (guards against a stale plan). */
  assetId?: number;
  isBuy: boolean;
  price: string | number;
  size: string | number;
  reduceOnly: boolean;
  tif: 'Gtc' | 'Alo';
  /** The new order's client order id, lower-case; the old order's to keep finding it by the same one. */
  cloid: string;
}

/**
 * What became of one modify, in the order sent.
 *
 * - `resting`: the old order is cancelled and the new one rests with the new `oid`.
 * - `filled`: the old order is cancelled and the new one filled at once (`oid` is the new one's).
 * - `gone`: the venue holds no live order by that id (cancelled, filled, never placed): nothing changed.
 * - `replacementRejected`: the old order was cancelled, then the new one refused: neither is live.
 * - `rejected`: refused for another reason, in the venue's words; read the open orders to know
 *   whether the old order stands.
 * - `missing`: the venue's status for it could not be read.
 */
export const ModifyStatusSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('resting'), oid: z.number().int() }),
  z.object({ status: z.literal('filled'), oid: z.number().int(), totalSize: z.number(), averagePrice: z.number() }),
  z.object({ status: z.literal('gone'), message: z.string() }),
  z.object({ status: z.literal('replacementRejected'), reason: OutcomeReasonSchema, message: z.string() }),
  z.object({ status: z.literal('rejected'), reason: OutcomeReasonSchema, message: z.string() }),
  z.object({ status: z.literal('missing') }),
]);
/** See {@link ModifyStatusSchema}. */
export type ModifyStatus = z.infer<typeof ModifyStatusSchema>;

/** What a `batchModify` action did: the action as a whole, then one status per modify with its item. */
export interface ModifyOrdersResult {
  /** `ok` when the venue executed the action; else nothing was modified (`uncertain`: maybe some). */
  outcome: BatchOutcome;
  /** One entry per modify sent, in order; empty when the action failed as a whole. */
  modifies: Array<OrderModification & ModifyStatus>;
  /** The signed action's `expiresAfter` (ms since the epoch), when it was sent. */
  expiresAfter?: number;
}

/** I/O of {@link modifyOrders}, bound to one signer and network. */
export interface ModifyOrdersIo {
  asset(coin: string): Promise<AssetForAction>;
  /** Signs and sends `batchModify`; resolves with the venue's answer or throws. */
  sendBatchModify(modifies: BatchModifyParameters['modifies'], expiresAfter: number | undefined): Promise<unknown>;
  now(): number;
  /** Lifetime of a signed action, or null to send without `expiresAfter`. */
  orderExpiryMs: number | null;
}

/** The venue's words for a modify of an order that is not live. */
const NOT_LIVE = /cannot modify cancel+ed or filled order/i;
/** The venue's prefix when the old order was cancelled and the new one then refused. */
const PLACE_FAILED = /^error placing new order during modify/i;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function readStatus(status: unknown): ModifyStatus {
  if (!isObject(status)) return { status: 'missing' };
  if (isObject(status.resting) && typeof status.resting.oid === 'number') return { status: 'resting', oid: status.resting.oid };
  const filled = status.filled;
  if (isObject(filled) && typeof filled.oid === 'number') {
    return { status: 'filled', oid: filled.oid, totalSize: Number(filled.totalSz), averagePrice: Number(filled.avgPx) };
  }
  if (typeof status.error !== 'string') return { status: 'missing' };
  const message = status.error;
  if (NOT_LIVE.test(message)) return { status: 'gone', message };
  const { reason } = readOrderError(message);
  return PLACE_FAILED.test(message) ? { status: 'replacementRejected', reason, message } : { status: 'rejected', reason, message };
}

/** The wire of one modify: the target checked, the new order checked and built as an order is. */
function buildModify(modify: OrderModification, asset: PerpAsset): Built<BatchModifyParameters['modifies'][number]> {
  if ('cloid' in modify.target && !isCloid(modify.target.cloid)) {
    return invalid(`Client order id ${modify.target.cloid} of the order to modify must be 0x followed by 32 lower-case hex characters.`);
  }
  if ('oid' in modify.target && !(Number.isSafeInteger(modify.target.oid) && modify.target.oid >= 0)) {
    return invalid(`Order id ${modify.target.oid} of the order to modify is not an order id.`);
  }
  const { target, tif, ...order } = modify;
  const built = buildWireOrder({ ...order, tif: 'Gtc' }, asset);
  if (!built.ok) return built;
  const wire = built.value.params.orders[0];
  if (wire === undefined) throw new Error('buildWireOrder built no order');
  return { ok: true, value: { oid: 'oid' in target ? target.oid : (target.cloid as `0x${string}`), order: { ...wire, t: { limit: { tif } } } } };
}

/**
 * Modifies 1..N resting limit orders in one signed `batchModify` action: resolve each coin, check
 * and build each new order (nothing is rounded), sign, send and read one status per modify. Never
 * throws for an exchange answer; only programming errors escape.
 */
export async function modifyOrders(io: ModifyOrdersIo, modifies: readonly OrderModification[]): Promise<ModifyOrdersResult> {
  const refuse = (outcome: BatchOutcome): ModifyOrdersResult => ({ outcome, modifies: [] });
  if (modifies.length === 0) return refuse(rejected({ reason: 'invalidOrder', message: 'There are no orders to modify.', stage: 'client' }));
  const found = await assetsForBatch(
    io.asset,
    modifies.map((modify) => modify.coin),
  );
  if (!found.ok) return refuse(found.outcome);
  const wire: BatchModifyParameters['modifies'] = [];
  for (const [i, modify] of modifies.entries()) {
    const built = buildModify(modify, found.assets[i] as PerpAsset);
    if (!built.ok) return refuse(built.failure);
    wire.push(built.value);
  }

  const expiresAfter = io.orderExpiryMs === null ? undefined : io.now() + io.orderExpiryMs;
  const sent = expiresAfter === undefined ? {} : { expiresAfter };
  let answer: BatchAnswer;
  try {
    answer = batchStatuses(await io.sendBatchModify(wire, expiresAfter), modifies.length);
  } catch (error) {
    answer = await batchStatusesFromError(error, modifies.length);
  }
  if (!answer.ok) return { outcome: answer.outcome, modifies: [], ...sent };
  const { statuses } = answer;
  return { outcome: { kind: 'ok' }, modifies: modifies.map((modify, i) => ({ ...modify, ...readStatus(statuses[i]) })), ...sent };
}
