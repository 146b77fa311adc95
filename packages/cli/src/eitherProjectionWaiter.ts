import type { GlobalPosition } from '@hyperhook/store';
import type { pollingProjectionWaiter } from './pollingProjectionWaiter.js';

type Waiter = { waitFor(position: GlobalPosition, timeoutMs?: number): Promise<void> };

/**
 * Read-your-writes under `start` in a cluster: this process's projector thread answers at once
 * while it holds the projector lease, but as a standby it never moves, and another process's
 * projector writes the read models. Whichever of the thread and the shared checkpoint reaches the
 * position first answers; the polling stops as soon as one does.
 */
export function eitherProjectionWaiter(thread: Waiter, polling: ReturnType<typeof pollingProjectionWaiter>): Waiter {
  return {
    async waitFor(position, timeoutMs = 5_000) {
      const done = new AbortController();
      try {
        await Promise.any([thread.waitFor(position, timeoutMs), polling.waitFor(position, timeoutMs, done.signal)]);
      } catch (error) {
        // Both failed (timed out): say it once, as either waiter says it.
        throw error instanceof AggregateError ? (error.errors[1] ?? error.errors[0]) : error;
      } finally {
        done.abort();
      }
    },
  };
}
