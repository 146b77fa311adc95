import type { OrderParameters } from '@nktkas/hyperliquid/api/exchange';
import { batchStatuses, batchStatusesFromError } from './batchStatuses.js';
import { type ExchangeOutcome, rejected } from './exchangeOutcome.js';
import { buildWireOrder, type OrderToPlace } from './orderWire.js';
import type { PlaceOrderIo, PlaceOrderResult } from './placeOrder.js';
import { readOrderError } from './venueErrorReason.js';

/** What became of one order of a ladder, in the order sent. */
export type LadderLegStatus =
  | { readonly cloid: string; readonly status: 'resting'; readonly oid: number }
  | { readonly cloid: string; readonly status: 'filled'; readonly oid: number; readonly filledSize: number; readonly avgPrice: number }
  | { readonly cloid: string; readonly status: 'rejected'; readonly message: string }
  | { readonly cloid: string; readonly status: 'missing' };

/** What placing a ladder did: the ladder as one outcome (as placeOrder answers) and each order's status. */
export interface PlaceLadderResult extends PlaceOrderResult {
  /** One status per order sent; empty when the action failed as a whole. */
  readonly legs: readonly LadderLegStatus[];
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function legStatus(cloid: string, status: unknown): LadderLegStatus {
  if (isObject(status)) {
    if (typeof status.error === 'string') return { cloid, status: 'rejected', message: status.error };
    if (isObject(status.resting) && typeof status.resting.oid === 'number') return { cloid, status: 'resting', oid: status.resting.oid };
    const filled = status.filled;
    if (isObject(filled) && typeof filled.oid === 'number')
      return { cloid, status: 'filled', oid: filled.oid, filledSize: Number(filled.totalSz), avgPrice: Number(filled.avgPx) };
  }
  return { cloid, status: 'missing' };
}

/**
 * The ladder as one outcome, so the executor settles it as it settles one order: rejected when
 * every order was refused (the venue's words), filled when any filled at once (sizes summed, the
 * average price weighted; what rests is recorded from `legs`), else resting with the first oid.
 */
export function ladderOutcome(legs: readonly LadderLegStatus[]): ExchangeOutcome {
  const filled = legs.filter((leg) => leg.status === 'filled');
  if (filled.length > 0) {
    const size = filled.reduce((sum, leg) => sum + leg.filledSize, 0);
    const avg = filled.reduce((sum, leg) => sum + leg.filledSize * leg.avgPrice, 0) / size;
    return { kind: 'filled', oid: filled[0]?.oid ?? -1, filledSize: size, avgPrice: Number(avg.toPrecision(12)), partial: true, children: [] };
  }
  const resting = legs.find((leg) => leg.status === 'resting');
  if (resting !== undefined) return { kind: 'resting', oid: resting.oid, cloid: resting.cloid, children: [] };
  const refusals = legs.flatMap((leg) => (leg.status === 'rejected' ? [leg.message] : []));
  const message = refusals.length > 0 ? [...new Set(refusals)].join(' ') : 'Hyperliquid did not report any order of the ladder.';
  return rejected({ reason: refusals.length > 0 ? readOrderError(refusals[0] ?? '').reason : 'unreadableResponse', message, stage: 'venue' });
}

/**
 * Places a ladder's limit orders (issue 41) in one signed `order` action, grouping `na`: each is
 * checked and built as a single entry would be (nothing rounded) and carries its own cloid. Never
 * throws for an exchange answer; only programming errors escape.
 */
export async function placeLadder(io: PlaceOrderIo, orders: readonly OrderToPlace[]): Promise<PlaceLadderResult> {
  const first = orders[0];
  if (first === undefined) throw new Error('placeLadder needs at least one order');
  const base = { cloid: first.cloid };
  const found = await io.asset(first.coin);
  if (!found.ok) return { ...base, outcome: found.outcome, legs: [] };
  const wire: OrderParameters['orders'] = [];
  for (const order of orders) {
    const built = buildWireOrder({ ...order, children: [], grouping: 'na' }, found.asset);
    if (!built.ok) return { ...base, outcome: built.failure, legs: [] };
    wire.push(...built.value.params.orders);
  }
  const expiresAfter = io.orderExpiryMs === null ? undefined : io.now() + io.orderExpiryMs;
  const sent = expiresAfter === undefined ? {} : { expiresAfter };
  let answer;
  try {
    answer = batchStatuses(await io.sendOrder({ orders: wire, grouping: 'na' }, expiresAfter), orders.length);
  } catch (error) {
    answer = await batchStatusesFromError(error, orders.length);
  }
  if (!answer.ok) return { ...base, ...sent, outcome: answer.outcome, legs: [] };
  const legs = orders.map((order, i) => legStatus(order.cloid, answer.statuses[i]));
  return { ...base, ...sent, outcome: ladderOutcome(legs), legs };
}
