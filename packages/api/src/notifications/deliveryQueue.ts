import { randomUUID } from 'node:crypto';
import type { DeliveryLog } from './deliveryLog.js';
import { sendToChannel, type AttemptOutcome, type DeliveryTargets, type Notice, type OpenChannel } from './sendToChannel.js';

/** Retry tuning of the queue. */
export interface RetryPolicy {
  /** Tries per delivery, default 5. */
  readonly maxAttempts: number;
  /** First wait, doubled each retry (with ±50 % jitter), default 2 s. */
  readonly baseDelayMs: number;
  /** Longest wait, also for a 429's retry-after, default 5 min. */
  readonly maxDelayMs: number;
}

/** Default retries: 5 tries over about a minute. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 5, baseDelayMs: 2_000, maxDelayMs: 300_000 };

/** Deliveries waiting or in flight at most; beyond it a new one is recorded failed at once. */
export const MAX_PENDING_DELIVERIES = 1_000;

/** Options of the queue. */
export interface DeliveryQueueOptions {
  readonly targets: DeliveryTargets;
  readonly log: DeliveryLog;
  readonly clock: () => Date;
  readonly retry?: Partial<RetryPolicy>;
  /** Default Math.random (tests pin it). */
  readonly random?: () => number;
  readonly maxPending?: number;
  /** Sends one attempt; default {@link sendToChannel}. */
  readonly send?: typeof sendToChannel;
}

/** Where a delivery came from, and who waits for it to be done with. */
export interface Handover {
  /** Id of the recorded event the notice follows from, kept with each attempt (see DeliveryAttempt.source). */
  readonly source?: string;
  readonly onSettled?: () => void;
}

/** The wait before try `attempt + 1`: exponential, jittered, bounded, or the target's own retry-after. */
export function backoffMs(attempt: number, policy: RetryPolicy, random: () => number, retryAfterMs?: number): number {
  if (retryAfterMs !== undefined) return Math.min(retryAfterMs, policy.maxDelayMs);
  const exponential = policy.baseDelayMs * 2 ** (attempt - 1);
  return Math.min(policy.maxDelayMs, Math.round(exponential * (0.5 + random())));
}

/**
 * Deliveries in the background: `enqueue` returns at once (nothing on the trading path waits
 * for a channel), each try is recorded, failures worth it are retried with exponential backoff
 * and jitter, up to `maxAttempts`. Retries wait in memory: a delivery still waiting when the
 * process stops is left `retrying` in the history and never settled, so the channel notifier,
 * which keeps its checkpoint before it, hands it over again after a restart.
 */
export function createDeliveryQueue(options: DeliveryQueueOptions) {
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  const random = options.random ?? Math.random;
  const send = options.send ?? sendToChannel;
  const maxPending = options.maxPending ?? MAX_PENDING_DELIVERIES;
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<unknown>>();
  let pending = 0;
  let stopped = false;

  const record = (
    uid: string,
    channel: OpenChannel,
    notice: Notice,
    deliveryId: string,
    attempt: number,
    outcome: AttemptOutcome | null,
    result: 'delivered' | 'retrying' | 'failed',
    error?: string,
    source?: string,
  ) =>
    options.log.record(uid, {
      deliveryId,
      ...(source === undefined ? {} : { source }),
      channelId: channel.id,
      channelType: channel.type,
      event: notice.event,
      signalId: notice.signalId,
      attempt,
      result,
      status: outcome?.status ?? null,
      error: error ?? (outcome && !outcome.ok ? outcome.error : null),
      at: options.clock().toISOString(),
    });

  async function attempt(uid: string, channel: OpenChannel, notice: Notice, deliveryId: string, n: number, handover: Handover): Promise<AttemptOutcome> {
    const outcome = await send(channel, notice, deliveryId, options.targets);
    // Stopping with a retry due leaves it `retrying` and unsettled: a restart may try it again.
    const again = !outcome.ok && outcome.retryable && n < policy.maxAttempts;
    await record(uid, channel, notice, deliveryId, n, outcome, outcome.ok ? 'delivered' : again ? 'retrying' : 'failed', undefined, handover.source);
    if (!again || stopped) {
      pending -= 1;
      if (!again) handover.onSettled?.();
      return outcome;
    }
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        track(attempt(uid, channel, notice, deliveryId, n + 1, handover));
      },
      backoffMs(n, policy, random, outcome.ok ? undefined : outcome.retryAfterMs),
    );
    timer.unref();
    timers.add(timer);
    return outcome;
  }

  function track<T>(promise: Promise<T>): Promise<T> {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise)).catch(() => undefined);
    return promise;
  }

  return {
    /**
     * Starts delivering in the background; returns the delivery id without waiting. `onSettled`
     * hears once the delivery is done with (delivered, or given up), never while a retry is due.
     */
    enqueue(uid: string, channel: OpenChannel, notice: Notice, handover: Handover = {}): string {
      const deliveryId = randomUUID();
      if (stopped) return deliveryId;
      if (pending >= maxPending) {
        void record(uid, channel, notice, deliveryId, 0, null, 'failed', 'Too many deliveries waiting: dropped', handover.source).then(() =>
          handover.onSettled?.(),
        );
        return deliveryId;
      }
      pending += 1;
      track(attempt(uid, channel, notice, deliveryId, 1, handover)).catch(() => undefined);
      return deliveryId;
    },
    /** One try, awaited (the test button): recorded like any other, never retried. */
    async sendNow(uid: string, channel: OpenChannel, notice: Notice): Promise<AttemptOutcome & { deliveryId: string }> {
      const deliveryId = randomUUID();
      const outcome = await send(channel, notice, deliveryId, options.targets);
      await record(uid, channel, notice, deliveryId, 1, outcome, outcome.ok ? 'delivered' : 'failed');
      return { ...outcome, deliveryId };
    },
    /** Deliveries waiting or in flight. */
    get pending(): number {
      return pending;
    },
    /** Cancels planned retries and waits for tries in flight. */
    async stop(): Promise<void> {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...inFlight]);
    },
  };
}

/** The delivery queue. */
export type DeliveryQueue = ReturnType<typeof createDeliveryQueue>;
