import type { SubscribeToAllOptions, Subscription } from '../ports/Subscription.js';
import { startCatchUpSubscription, type CatchUpSource } from './startCatchUpSubscription.js';

/** An adapter's catch-up subscriptions, kept so that closing the store can stop them. */
export type SubscriptionTracker = {
  subscribe(options: SubscribeToAllOptions): Subscription;
  /** Stops every subscription still running; resolves once their batches in progress were handled. */
  stopAll(): Promise<void>;
};

/** Starts catch-up subscriptions over `source` and remembers them until they end. */
export function trackSubscriptions(source: CatchUpSource): SubscriptionTracker {
  const subscriptions = new Set<Subscription>();
  return {
    subscribe(options) {
      const subscription = startCatchUpSubscription(source, options);
      subscriptions.add(subscription);
      const forget = () => subscriptions.delete(subscription);
      subscription.done.then(forget, forget);
      return subscription;
    },
    async stopAll() {
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
    },
  };
}
