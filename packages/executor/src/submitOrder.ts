import type { OrderPlan } from '@hyperhook/domain';
import { backoffDelayMs, type ExchangeOutcome, type SignerRef } from '@hyperhook/hyperliquid';
import { pause, type ExecutorContext } from './executorContext.js';
import { orderClockFrom, orderClockFromNow, type OrderClock } from './orderClock.js';
import { failSignal, recordAccepted } from './recordOutcome.js';
import { decideAndAppend, type LoadedSignal } from './signalStream.js';

/** Extra time past a signed order's expiry before "not found" is trusted after a restart. */
const EXPIRY_MARGIN_MS = 5_000;

/**
 * Where the order stands when settling starts: just sent (with the clock its expiry is judged
 * by), or found recorded by an earlier run (judged by the wall clock: the monotonic clock of that
 * run is gone).
 */
type Start = { kind: 'sent'; outcome: ExchangeOutcome; expiresAfter: number; clock: OrderClock } | { kind: 'resumed'; expiresAfter: number };

/**
 * Appends OrderSubmitted (the exactly-once marker) and sends the order only once it is durable,
 * then settles its outcome. The order is signed while the append is written (the client holds it
 * until then), so signing adds nothing to the way from alert to wire. The nonce recorded is the
 * one the signature uses (reserved ahead).
 */
export async function submitOrder(
  ctx: ExecutorContext,
  signal: LoadedSignal,
  uid: string,
  signer: SignerRef & { apiWalletAddress: string },
  plan: OrderPlan,
  deadlineAt: number,
): Promise<LoadedSignal> {
  const signedAtMs = ctx.clock();
  const signedElapsed = ctx.elapsed();
  const nonce = ctx.nonces?.reserve(signer.apiWalletAddress) ?? Math.max(1, Math.floor(signedAtMs));
  const at = new Date(signedAtMs).toISOString();
  const vault = signer.vaultAddress === undefined ? {} : { vaultAddress: signer.vaultAddress.toLowerCase() };
  const durable = decideAndAppend(ctx.eventStore, signal, { type: 'SubmitOrder', cloid: plan.cloid, nonce, signedAt: at, sentAt: at, ...vault });
  const placing = sendPlan(ctx, signer, plan, { sendAfter: durable });
  let submitted: LoadedSignal;
  try {
    submitted = await durable;
  } catch (error) {
    // Never sent: the client refuses to send once the append failed. Its end is awaited so the
    // reservation is released only after the signing, which may have taken the nonce, is over.
    await placing.catch(() => undefined);
    ctx.nonces?.release(signer.apiWalletAddress);
    throw error;
  }
  ctx.log({ level: 'info', msg: 'order submitted', signalId: signal.signalId, userId: uid, cloid: plan.cloid, nonce });
  const result = await placing;
  ctx.log({ level: 'info', msg: 'order sent', signalId: signal.signalId, userId: uid, cloid: plan.cloid, outcome: result.outcome.kind });
  await ctx.hooks.afterOrderSent?.(signal.signalId);
  const expiresAfter = result.expiresAfter ?? signedAtMs + ctx.orderExpiryMs;
  // The deadline as it stood when the order was signed, before any jump of the wall clock since.
  const deadlineElapsed = signedElapsed + (deadlineAt - signedAtMs);
  return settleOrder(
    ctx,
    submitted,
    uid,
    signer,
    plan,
    { kind: 'sent', outcome: result.outcome, expiresAfter, clock: orderClockFrom(ctx, signedAtMs, signedElapsed) },
    deadlineElapsed,
    signedAtMs,
  );
}

/**
 * Resumes a signal whose OrderSubmitted has no outcome (a crash after sending, or an uncertain
 * answer): asks the exchange for the cloid and records what it says. It never sends again while
 * the first order could still land.
 */
export async function resumeSubmitted(
  ctx: ExecutorContext,
  signal: LoadedSignal,
  uid: string,
  signer: SignerRef,
  plan: OrderPlan,
  sentAtMs: number,
  deadlineAt: number,
): Promise<LoadedSignal> {
  ctx.log({ level: 'info', msg: 'reconciling submitted order', signalId: signal.signalId, userId: uid, cloid: plan.cloid });
  return settleOrder(
    ctx,
    signal,
    uid,
    signer,
    plan,
    { kind: 'resumed', expiresAfter: sentAtMs + ctx.orderExpiryMs + EXPIRY_MARGIN_MS },
    ctx.elapsed() + (deadlineAt - ctx.clock()),
    sentAtMs,
  );
}

type Reconciled = { kind: 'outcome'; outcome: ExchangeOutcome } | { kind: 'neverLanded' } | { kind: 'unknown'; message: string };

/**
 * Asks the exchange for the order's cloids (a ladder has one per order) until it knows: one found
 * (its outcome: the action landed), or none found after the signed order expired (it can never
 * land), or the hard stop passed without an answer. `now` is the order's clock (orderClock.ts).
 * A ladder's every cloid is asked for: the venue may have refused its first order and rested the others.
 */
async function reconcile(
  ctx: ExecutorContext,
  signer: SignerRef,
  cloids: readonly string[],
  expiresAfter: number,
  hardStopAt: number,
  now: OrderClock,
): Promise<Reconciled> {
  let lastProblem = 'the order was not found yet';
  for (let attempt = 0; ; attempt += 1) {
    let answer: Awaited<ReturnType<ExecutorContext['client']['reconcileByCloid']>> = { kind: 'notFound', final: true };
    for (const cloid of cloids) {
      const asked = await ctx.client.reconcileByCloid(signer, cloid, { expiresAfter, now: now() });
      if (asked.kind === 'found') return { kind: 'outcome', outcome: asked.outcome };
      if (answer.kind === 'notFound' && (asked.kind === 'unavailable' || !asked.final)) answer = asked;
    }
    if (answer.kind === 'notFound' && answer.final) return { kind: 'neverLanded' };
    if (answer.kind === 'unavailable') lastProblem = answer.outcome.message;
    if (now() >= hardStopAt) return { kind: 'unknown', message: lastProblem };
    const untilExpiry = answer.kind === 'notFound' ? Math.max(1, expiresAfter + 1 - now()) : Number.POSITIVE_INFINITY;
    await pause(ctx, Math.min(backoffDelayMs(ctx.backoff, attempt), untilExpiry));
  }
}

/**
 * Drives the order to a recorded outcome. Filled or resting → RecordExecution; rejected →
 * FailSignal with the exchange's text; transientError (certainly not applied) → send again with
 * backoff until the deadline; uncertain → reconcile by cloid first. A resend happens only when
 * the exchange certainly did not apply the previous attempt. The retry deadline is on the
 * monotonic clock (`deadlineElapsed`, ExecutorContext.elapsed): a wall clock set back an hour
 * must not keep a signal retrying for an hour, nor one set forward end it at once.
 */
async function settleOrder(
  ctx: ExecutorContext,
  signal: LoadedSignal,
  uid: string,
  signer: SignerRef,
  plan: OrderPlan,
  start: Start,
  deadlineElapsed: number,
  sentAtMs: number,
): Promise<LoadedSignal> {
  let outcome: ExchangeOutcome | null = start.kind === 'sent' ? start.outcome : null;
  let expiresAfter = start.expiresAfter;
  let orderClock: OrderClock = start.kind === 'sent' ? start.clock : ctx.clock;
  const timeLeft = () => deadlineElapsed - ctx.elapsed();
  let lastTransientMessage: string | null = null;
  for (let attempt = 0; ; attempt += 1) {
    if (outcome === null || outcome.kind === 'uncertain' || outcome.kind === 'ok') {
      if (outcome !== null && outcome.kind === 'uncertain') ctx.accounts.invalidate(uid, signer);
      const hardStopAt = Math.max(orderClock() + timeLeft(), expiresAfter + ctx.retryDeadlineMs);
      const reconciled = await reconcile(ctx, signer, cloidsOf(plan), expiresAfter, hardStopAt, orderClock);
      if (reconciled.kind === 'unknown') {
        return failSignal(
          ctx,
          signal,
          'ORDER_STATUS_UNKNOWN',
          `Could not confirm with Hyperliquid whether order ${plan.cloid} was placed: ${reconciled.message}`,
          true,
        );
      }
      if (reconciled.kind === 'outcome') {
        outcome = reconciled.outcome;
        continue;
      }
      // Expired without reaching the exchange: exactly like a transient error, nothing applied.
      outcome = {
        kind: 'transientError',
        transient: true,
        reason: 'expired',
        message: lastTransientMessage ?? 'The order never reached Hyperliquid before its signature expired.',
        stage: 'network',
      };
    }
    switch (outcome.kind) {
      case 'filled':
      case 'resting':
        return recordAccepted(ctx, signal, uid, signer, plan, outcome, sentAtMs);
      case 'rejected':
        ctx.accounts.invalidate(uid, signer);
        return failSignal(ctx, signal, 'EXCHANGE_REJECTED', outcome.message, false);
      case 'transientError': {
        lastTransientMessage = outcome.message;
        if (timeLeft() <= 0) return failSignal(ctx, signal, 'EXCHANGE_UNAVAILABLE', outcome.message, true);
        ctx.log({ level: 'warn', msg: 'order not applied, retrying', signalId: signal.signalId, reason: outcome.reason, error: outcome.message, attempt });
        await pause(ctx, Math.min(backoffDelayMs(ctx.backoff, attempt), Math.max(1, timeLeft())));
        orderClock = orderClockFromNow(ctx);
        const result = await sendPlan(ctx, signer, plan);
        expiresAfter = result.expiresAfter ?? orderClock() + ctx.orderExpiryMs;
        outcome = result.outcome;
        break;
      }
      default:
        break;
    }
  }
}

/**
 * Sends the plan: one order, or a ladder's orders in one action (issue 41), each with its own
 * cloid and without children (a ladder carries none).
 */
function sendPlan(ctx: ExecutorContext, signer: SignerRef, plan: OrderPlan, options: { readonly sendAfter?: PromiseLike<unknown> } = {}) {
  if (plan.ladder === undefined) return ctx.client.placeOrder(signer, onTheWire(plan), options);
  const { coin, assetId, isBuy, reduceOnly, tif } = plan;
  return ctx.client.placeLadder(
    signer,
    plan.ladder.map(({ price, size, cloid }) => ({ coin, assetId, isBuy, reduceOnly, tif, price, size, cloid })),
    options,
  );
}

/** The client order ids the plan's order (or ladder) was sent with. */
function cloidsOf(plan: OrderPlan): string[] {
  return plan.ladder?.map((leg) => leg.cloid) ?? [plan.cloid];
}

/**
 * The order as sent: an IOC entry's TP/SL children are not grouped with it (issue 39, point 3).
 * The venue would place them only on a full fill and only for this order's size; the executor
 * places them after the fill, sized to the strategy's position (protectPosition).
 */
function onTheWire(plan: OrderPlan): OrderPlan {
  return plan.grouping === 'na' && plan.children.length > 0 ? { ...plan, children: [] } : plan;
}
