import type { MarginMode, OrderPlan } from '@hyperhook/domain';
import { pause, type ExecutorContext } from '../executorContext.js';
import type { Signer } from './openSigner.js';
import type { SignalStop } from './signalStop.js';

/** Whether the plan needs a call to the exchange to set leverage: closes never touch it, and a leverage and margin mode known to be the plan's are left. */
export function needsLeverageCall(ctx: ExecutorContext, uid: string, signer: Signer, plan: OrderPlan, mode: MarginMode): boolean {
  return (
    !plan.reduceOnly && (ctx.accounts.knownLeverage(uid, signer, plan.coin) !== plan.leverage || ctx.accounts.knownMarginMode(uid, signer, plan.coin) !== mode)
  );
}

/**
 * Sets the account's leverage and margin mode for the coin when they are not already known to be
 * the plan's and the strategy's. Null when done, else the failure (temporary when the deadline
 * passed on transient errors).
 */
export async function alignLeverage(
  ctx: ExecutorContext,
  uid: string,
  signer: Signer,
  plan: OrderPlan,
  mode: MarginMode,
  deadlineAt: number,
): Promise<SignalStop | null> {
  if (!needsLeverageCall(ctx, uid, signer, plan, mode)) return null;
  for (let attempt = 0; ; attempt += 1) {
    const { outcome } = await ctx.client.ensureLeverage(signer, plan.coin, plan.leverage, mode);
    if (outcome.kind === 'ok') {
      ctx.accounts.rememberLeverage(uid, signer, plan.coin, plan.leverage, mode);
      return null;
    }
    if (outcome.kind === 'rejected') return { kind: 'fail', code: 'LEVERAGE_REJECTED', message: outcome.message, transient: false };
    if (outcome.kind !== 'transientError' && outcome.kind !== 'uncertain') return null;
    if (ctx.clock() >= deadlineAt) return { kind: 'fail', code: 'EXCHANGE_UNAVAILABLE', message: outcome.message, transient: true };
    // updateLeverage is idempotent (it sets a value), so repeating it after any failure is safe.
    await pause(ctx, 50 * 2 ** Math.min(attempt, 6));
  }
}
