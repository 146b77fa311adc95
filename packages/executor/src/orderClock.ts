import type { ExecutorContext } from './executorContext.js';

/**
 * The time a signed order's expiry is judged by: the wall clock as it read when the order was
 * signed, moved on by the monotonic clock since. The venue checks `expiresAfter` against its own
 * clock, which does not jump when ours does: after a forward jump of ours the raw wall clock
 * would call the order expired (and "not found" final) while it can still land, and the order
 * would go out twice; after a backward jump it would keep an expired order open for the jump's
 * length.
 */
export type OrderClock = () => number;

/** The order clock of an order signed now. */
export function orderClockFromNow(ctx: Pick<ExecutorContext, 'clock' | 'elapsed'>): OrderClock {
  return orderClockFrom(ctx, ctx.clock(), ctx.elapsed());
}

/** The order clock of an order signed when the wall clock read `wallAt` and the monotonic one `elapsedAt`. */
export function orderClockFrom(ctx: Pick<ExecutorContext, 'elapsed'>, wallAt: number, elapsedAt: number): OrderClock {
  return () => wallAt + (ctx.elapsed() - elapsedAt);
}
