import { z } from 'zod';
import type { AssetForAction } from './assetForAction.js';
import { assetsForBatch } from './assetsForBatch.js';
import { type BatchAnswer, type BatchOutcome, batchStatuses, batchStatusesFromError } from './batchStatuses.js';
import { isCloid } from './cloid.js';
import { rejected } from './exchangeOutcome.js';
import type { PerpAsset } from './metaCache.js';

/** An order to cancel by the venue's order id. */
export interface CancelByOid {
  coin: string;
  oid: number;
}

/** An order to cancel by its client order id (lower-case, as it was placed). */
export interface CancelByCloid {
  coin: string;
  cloid: string;
}

/**
 * What became of one cancel, in the order sent.
 *
 * - `cancelled`: it was live and is cancelled now.
 * - `gone`: the venue holds no live order by that id (never placed, already cancelled, or filled):
 *   the end state a repeated cancel wants, so not an error to retry.
 * - `rejected`: the venue refused this cancel for another reason; its text in `message`.
 * - `missing`: the venue's status for it could not be read.
 */
export const CancelStatusSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('cancelled') }),
  z.object({ status: z.literal('gone'), message: z.string() }),
  z.object({ status: z.literal('rejected'), message: z.string() }),
  z.object({ status: z.literal('missing') }),
]);
/** See {@link CancelStatusSchema}. */
export type CancelStatus = z.infer<typeof CancelStatusSchema>;

/** What a cancel action did: the action as a whole, then one status per cancel with its item. */
export interface CancelOrdersResult<T> {
  /** `ok` when the venue executed the action; else nothing was cancelled (`uncertain`: maybe some). */
  outcome: BatchOutcome;
  /** One entry per cancel sent, in order; empty when the action failed as a whole. */
  cancels: Array<T & CancelStatus>;
}

/** I/O of the cancels, bound to one signer and network. */
export interface CancelOrdersIo {
  asset(coin: string): Promise<AssetForAction>;
  /** Signs and sends `cancel`; resolves with the venue's answer or throws. */
  sendCancel(cancels: Array<{ a: number; o: number }>): Promise<unknown>;
  /** Signs and sends `cancelByCloid`; resolves with the venue's answer or throws. */
  sendCancelByCloid(cancels: Array<{ asset: number; cloid: `0x${string}` }>): Promise<unknown>;
}

/** The venue's text for a cancel of an order it no longer holds live. */
const GONE = /never placed, already cancel+ed, or filled/i;

function readStatus(status: unknown): CancelStatus {
  if (status === 'success') return { status: 'cancelled' };
  if (typeof status === 'object' && status !== null && typeof (status as { error?: unknown }).error === 'string') {
    const message = (status as { error: string }).error;
    return GONE.test(message) ? { status: 'gone', message } : { status: 'rejected', message };
  }
  return { status: 'missing' };
}

const refuse = (message: string) => ({ outcome: rejected({ reason: 'invalidOrder', message, stage: 'client' }), cancels: [] });

/** Resolves the coins, sends one action built by `send` and reads one status per item. */
async function cancelBatch<T extends { coin: string }>(
  io: CancelOrdersIo,
  items: readonly T[],
  send: (assets: PerpAsset[]) => Promise<unknown>,
): Promise<CancelOrdersResult<T>> {
  if (items.length === 0) return refuse('There are no orders to cancel.');
  const found = await assetsForBatch(
    io.asset,
    items.map((item) => item.coin),
  );
  if (!found.ok) return { outcome: found.outcome, cancels: [] };
  let answer: BatchAnswer;
  try {
    answer = batchStatuses(await send(found.assets), items.length);
  } catch (error) {
    answer = await batchStatusesFromError(error, items.length);
  }
  if (!answer.ok) return { outcome: answer.outcome, cancels: [] };
  return { outcome: { kind: 'ok' }, cancels: items.map((item, i) => ({ ...item, ...readStatus(answer.statuses[i]) })) };
}

/** Cancels orders by oid in one signed `cancel` action. Never throws for an exchange answer. */
export function cancelOrders(io: CancelOrdersIo, cancels: readonly CancelByOid[]): Promise<CancelOrdersResult<CancelByOid>> {
  return cancelBatch(io, cancels, (assets) => io.sendCancel(cancels.map((c, i) => ({ a: (assets[i] as PerpAsset).assetId, o: c.oid }))));
}

/** Cancels orders by cloid in one signed `cancelByCloid` action. Never throws for an exchange answer. */
export async function cancelByCloid(io: CancelOrdersIo, cancels: readonly CancelByCloid[]): Promise<CancelOrdersResult<CancelByCloid>> {
  const bad = cancels.find((c) => !isCloid(c.cloid));
  if (bad !== undefined) return refuse(`Client order id ${bad.cloid} must be 0x followed by 32 lower-case hex characters.`);
  return cancelBatch(io, cancels, (assets) =>
    io.sendCancelByCloid(cancels.map((c, i) => ({ asset: (assets[i] as PerpAsset).assetId, cloid: c.cloid as `0x${string}` }))),
  );
}
