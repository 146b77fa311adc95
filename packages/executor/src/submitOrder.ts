import type { OrderPlan } from '@hyperhook/domain';
import { backoffDelayMs, type ExchangeOutcome, type SignerRef } from '@hyperhook/hyperliquid';
import { pause, type ExecutorContext } from './executorContext.js';
import { failSignal, recordAccepted } from './recordOutcome.js';
import { decideAndAppend, type LoadedSignal } from './signalStream.js';

/** Extra time past a signed order's expiry before "not found" is trusted after a restart. */
const EXPIRY_MARGIN_MS = 5_000;

/** Where the order stands when settling starts: just sent, or found recorded by an earlier run. */
type Start = { kind: 'sent'; outcome: ExchangeOutcome; expiresAfter: number } | { kind: 'resumed'; expiresAfter: number };

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
  const nonce = ctx.nonces?.reserve(signer.apiWalletAddress) ?? Math.max(1, Math.floor(signedAtMs));
  const at = new Date(signedAtMs).toISOString();
  const durable = decideAndAppend(ctx.eventStore, signal, { type: 'SubmitOrder', cloid: plan.cloid, nonce, signedAt: at, sentAt: at });
  const placing = ctx.client.placeOrder(signer, plan, { sendAfter: durable });
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
  return settleOrder(ctx, submitted, uid, signer, plan, { kind: 'sent', outcome: result.outcome, expiresAfter }, deadlineAt, signedAtMs);
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
  return settleOrder(ctx, signal, uid, signer, plan, { kind: 'resumed', expiresAfter: sentAtMs + ctx.orderExpiryMs + EXPIRY_MARGIN_MS }, deadlineAt, sentAtMs);
}

type Reconciled = { kind: 'outcome'; outcome: ExchangeOutcome } | { kind: 'neverLanded' } | { kind: 'unknown'; message: string };

/**
 * Asks the exchange for `cloid` until it knows: found (its outcome), or not found after the
 * signed order expired (it can never land), or the hard stop passed without an answer.
 */
async function reconcile(ctx: ExecutorContext, signer: SignerRef, cloid: string, expiresAfter: number, hardStopAt: number): Promise<Reconciled> {
  let lastProblem = 'the order was not found yet';
  for (let attempt = 0; ; attempt += 1) {
    const answer = await ctx.client.reconcileByCloid(signer, cloid, { expiresAfter });
    if (answer.kind === 'found') return { kind: 'outcome', outcome: answer.outcome };
    if (answer.kind === 'notFound' && answer.final) return { kind: 'neverLanded' };
    if (answer.kind === 'unavailable') lastProblem = answer.outcome.message;
    if (ctx.clock() >= hardStopAt) return { kind: 'unknown', message: lastProblem };
    const untilExpiry = answer.kind === 'notFound' ? Math.max(1, expiresAfter + 1 - ctx.clock()) : Number.POSITIVE_INFINITY;
    await pause(ctx, Math.min(backoffDelayMs(ctx.backoff, attempt), untilExpiry));
  }
}

/**
 * Drives the order to a recorded outcome. Filled or resting → RecordExecution; rejected →
 * FailSignal with the exchange's text; transientError (certainly not applied) → send again with
 * backoff until the deadline; uncertain → reconcile by cloid first. A resend happens only when
 * the exchange certainly did not apply the previous attempt.
 */
async function settleOrder(
  ctx: ExecutorContext,
  signal: LoadedSignal,
  uid: string,
  signer: SignerRef,
  plan: OrderPlan,
  start: Start,
  deadlineAt: number,
  sentAtMs: number,
): Promise<LoadedSignal> {
  let outcome: ExchangeOutcome | null = start.kind === 'sent' ? start.outcome : null;
  let expiresAfter = start.expiresAfter;
  let lastTransientMessage: string | null = null;
  for (let attempt = 0; ; attempt += 1) {
    if (outcome === null || outcome.kind === 'uncertain' || outcome.kind === 'ok') {
      if (outcome !== null && outcome.kind === 'uncertain') ctx.accounts.invalidate(uid, signer);
      const hardStopAt = Math.max(deadlineAt, expiresAfter + ctx.retryDeadlineMs);
      const reconciled = await reconcile(ctx, signer, plan.cloid, expiresAfter, hardStopAt);
      if (reconciled.kind === 'unknown') {
        return failSignal(ctx, signal, 'ORDER_STATUS_UNKNOWN', `Could not confirm with Hyperliquid whether order ${plan.cloid} was placed: ${reconciled.message}`, true);
      }
      if (reconciled.kind === 'outcome') {
        outcome = reconciled.outcome;
        continue;
      }
      // Expired without reaching the exchange: exactly like a transient error, nothing applied.
      outcome = { kind: 'transientError', transient: true, reason: 'expired', message: lastTransientMessage ?? 'The order never reached Hyperliquid before its signature expired.', stage: 'network' };
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
        if (ctx.clock() >= deadlineAt) return failSignal(ctx, signal, 'EXCHANGE_UNAVAILABLE', outcome.message, true);
        ctx.log({ level: 'warn', msg: 'order not applied, retrying', signalId: signal.signalId, reason: outcome.reason, error: outcome.message, attempt });
        await pause(ctx, Math.min(backoffDelayMs(ctx.backoff, attempt), Math.max(1, deadlineAt - ctx.clock())));
        const result = await ctx.client.placeOrder(signer, plan);
        expiresAfter = result.expiresAfter ?? ctx.clock() + ctx.orderExpiryMs;
        outcome = result.outcome;
        break;
      }
      default:
        break;
    }
  }
}
