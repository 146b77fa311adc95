import type { BackoffPolicy, HyperliquidClient } from '@hyperhook/hyperliquid';
import type { Sealer } from '@hyperhook/secrets';
import type { EventStore } from '@hyperhook/store';
import type { AccountAges } from './accountMaxAge.js';
import type { AccountStateCache } from './accountStateCache.js';
import type { ExecutorLog } from './executorLog.js';
import type { UserProfiles } from '@hyperhook/trading';
import type { ReservingNonceManager } from './reservingNonceManager.js';
import type { StrategyLedgers } from './strategyLedgers.js';

/** Test and instrumentation hooks; production leaves them unset. */
export interface ExecutorHooks {
  /**
   * Called after the order request returned and before its outcome is appended: the window in
   * which a crash leaves OrderSubmitted without an outcome. Tests throw here (after calling
   * stop()) to simulate that crash.
   */
  afterOrderSent?(signalId: string): void | Promise<void>;
}

/** Everything one signal's processing needs, shared by all signals of an executor. */
export interface ExecutorContext {
  readonly eventStore: EventStore;
  readonly client: HyperliquidClient;
  readonly sealer: Pick<Sealer, 'unseal'>;
  readonly clock: () => number;
  /**
   * A monotonic count of milliseconds (performance.now): what time has passed, whatever the wall
   * clock does. A signed order's expiry is judged by it (orderClock.ts).
   */
  readonly elapsed: () => number;
  readonly maxAlertAgeMs: number;
  readonly retryDeadlineMs: number;
  /** Lifetime of a signed order; must match the client's `orderExpiryMs`. */
  readonly orderExpiryMs: number;
  readonly backoff: BackoffPolicy;
  readonly accounts: AccountStateCache;
  /** How old the tracked account may be, by what an alert sizes from. */
  readonly accountAges: AccountAges;
  /** Each trader's strategies' own positions (issue 39, point 1), read incrementally from the account stream. */
  readonly ledgers: StrategyLedgers;
  /** Credentials and settings per user, read incrementally from the user stream. */
  readonly profiles: UserProfiles;
  readonly nonces: ReservingNonceManager | undefined;
  readonly hooks: ExecutorHooks;
  readonly log: ExecutorLog;
  readonly sleep: (ms: number) => Promise<void>;
  readonly isStopping: () => boolean;
}

/** Thrown inside a signal's processing when the executor is stopping: the signal is left for the next run. */
export class ExecutorStoppingError extends Error {
  constructor() {
    super('The executor is stopping; the signal will be resumed by the next run.');
    this.name = 'ExecutorStoppingError';
  }
}

/** Waits `ms`, then throws ExecutorStoppingError if stop() was called meanwhile. */
export async function pause(ctx: ExecutorContext, ms: number): Promise<void> {
  if (ctx.isStopping()) throw new ExecutorStoppingError();
  await ctx.sleep(ms);
  if (ctx.isStopping()) throw new ExecutorStoppingError();
}
