import type { GlobalPosition, RecordedEvent } from './events.js';

/** Restricts `readAll` and subscriptions to some streams and/or event types (both must match). */
export type EventFilter = {
  /** Only streams whose id starts with this, e.g. `signal-`. */
  readonly streamPrefix?: string;
  /** Only these event types (exact names). An empty list matches nothing. */
  readonly types?: readonly string[];
};

/**
 * What a catch-up subscription hands over at a time. `position` is how far the log has been
 * scanned: store it as the checkpoint. With a filter, a batch may carry no events and only move
 * `position` past events that did not match (like KurrentDB's `checkpointReached`).
 */
export type SubscriptionBatch = {
  readonly events: readonly RecordedEvent[];
  readonly position: GlobalPosition;
  /** True when this batch reached the head of the log as it was when the batch was read. */
  readonly caughtUp: boolean;
};

/** Options of `EventStore.subscribeToAll`. Give `onEvent` or `onBatch`, or iterate the subscription. */
export type SubscribeToAllOptions = {
  /** Exclusive: the first event delivered is the first one after this position. */
  readonly fromPosition: GlobalPosition;
  readonly filter?: EventFilter;
  /** Most events per batch (default 500: one batch is one read-model transaction, keep it short). */
  readonly maxBatchSize?: number;
  /** Push mode, one event at a time; the next event waits for the returned promise. */
  readonly onEvent?: (event: RecordedEvent) => void | Promise<void>;
  /** Push mode, one batch at a time; the next batch waits for the returned promise. */
  readonly onBatch?: (batch: SubscriptionBatch) => void | Promise<void>;
  /** Called once, the first time everything up to the head has been handled. */
  readonly onCaughtUp?: (position: GlobalPosition) => void;
};

/**
 * A running catch-up subscription: it reads history from `fromPosition`, then follows live
 * appends. Delivery is in global order, without gaps or duplicates, one batch at a time
 * (the next read waits for the handler or the consumer). Without a handler it is an async
 * iterable of batches (one consumer; `break` stops it).
 */
export interface Subscription extends AsyncIterable<SubscriptionBatch> {
  /** Resolves with the position the first time the subscription has caught up with the head. */
  readonly caughtUp: Promise<GlobalPosition>;
  /**
   * Resolves when the subscription ends after `stop()`; rejects when a handler or a read fails
   * (the subscription then stops; resubscribe from your checkpoint). In push mode nothing else
   * reports such a failure, so observe this promise.
   */
  readonly done: Promise<void>;
  /** Position of the last batch handed over (the `fromPosition` before the first one). */
  readonly position: GlobalPosition;
  /** Stops reading; resolves once the batch in progress (if any) has been handled. */
  stop(): Promise<void>;
}
