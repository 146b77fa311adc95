import type { ExecutorContext } from '../executorContext.js';
import { failSignal, holdForApproval, holdTarget, rejectSignal } from '../recordOutcome.js';
import type { LoadedSignal } from '../signalStream.js';

/**
 * Why a signal stops before an order is sent: a refusal (nothing was decided yet: `reject`, or the
 * plan was fixed: `fail`), a failure worth knowing as temporary, a target already held, or an
 * entry that waits for its trader's approval (issue 42).
 */
export type SignalStop =
  | { readonly kind: 'refuse'; readonly code: string; readonly message: string }
  | { readonly kind: 'fail'; readonly code: string; readonly message: string; readonly transient: boolean }
  | { readonly kind: 'hold'; readonly message: string }
  | AwaitApproval;

/** An entry held for the trader's approval until `expiresAt`, with what was planned for the approval list to show. */
export interface AwaitApproval {
  readonly kind: 'await';
  readonly expiresAt: string;
  readonly coin: string;
  readonly side: 'buy' | 'sell';
  readonly size: string;
  readonly price: string;
}

/** A refusal: nothing is sent, for the reason its message says. */
export type Refusal = Extract<SignalStop, { readonly kind: 'refuse' }>;

/** A refusal with its stable code and the sentence the log shows. */
export const refuse = (code: string, message: string): Refusal => ({ kind: 'refuse', code, message });

/**
 * Records the stop: a refusal before a plan is SignalRejected, after it (the plan is on the log)
 * SignalFailed, as is every failure; a target already held is TargetAlreadyHeld; an entry held
 * for approval is SignalHeldForApproval, and nothing is signed until the trader answers.
 */
export async function recordStop(ctx: ExecutorContext, signal: LoadedSignal, stop: SignalStop): Promise<void> {
  if (stop.kind === 'await') return void (await holdForApproval(ctx, signal, stop));
  if (stop.kind === 'hold') return void (await holdTarget(ctx, signal, stop.message));
  if (stop.kind === 'fail') return void (await failSignal(ctx, signal, stop.code, stop.message, stop.transient));
  if (signal.state.phase === 'planned') return void (await failSignal(ctx, signal, stop.code, stop.message, false));
  await rejectSignal(ctx, signal, stop.code, stop.message);
}
