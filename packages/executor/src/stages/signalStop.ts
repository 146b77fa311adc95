import type { ExecutorContext } from '../executorContext.js';
import { failSignal, holdTarget, rejectSignal } from '../recordOutcome.js';
import type { LoadedSignal } from '../signalStream.js';

/**
 * Why a signal stops before an order is sent: a refusal (nothing was decided yet: `reject`, or the
 * plan was fixed: `fail`), a failure worth knowing as temporary, or a target already held.
 */
export type SignalStop =
  | { readonly kind: 'refuse'; readonly code: string; readonly message: string }
  | { readonly kind: 'fail'; readonly code: string; readonly message: string; readonly transient: boolean }
  | { readonly kind: 'hold'; readonly message: string };

/** A refusal with its stable code and the sentence the log shows. */
export const refuse = (code: string, message: string): SignalStop => ({ kind: 'refuse', code, message });

/**
 * Records the stop: a refusal before a plan is SignalRejected, after it (the plan is on the log)
 * SignalFailed, as is every failure; a target already held is TargetAlreadyHeld.
 */
export async function recordStop(ctx: ExecutorContext, signal: LoadedSignal, stop: SignalStop): Promise<void> {
  if (stop.kind === 'hold') return void (await holdTarget(ctx, signal, stop.message));
  if (stop.kind === 'fail') return void (await failSignal(ctx, signal, stop.code, stop.message, stop.transient));
  if (signal.state.phase === 'planned') return void (await failSignal(ctx, signal, stop.code, stop.message, false));
  await rejectSignal(ctx, signal, stop.code, stop.message);
}
