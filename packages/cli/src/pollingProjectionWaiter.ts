import { projectorCheckpoint } from '@hyperhook/eventsourcing';
import type { StorePorts } from '@hyperhook/store';

/**
 * Read-your-writes for an api process without an in-process projector (`hyperhook api`): polls
 * the projector's checkpoint of the active read-model generation in the shared store until it
 * reaches the position. The deadline is on the monotonic clock (`elapsed`, default
 * performance.now; issue 32, point 3): with the wall clock, a step back of an hour would hold a
 * request that waits for a stuck projector for the hour instead of `timeoutMs`, and a step
 * forward would fail a wait at once.
 */
export function pollingProjectionWaiter(
  store: Pick<StorePorts, 'checkpoints' | 'readStore'>,
  intervalMs = 10,
  elapsed: () => number = () => performance.now(),
) {
  return {
    /** Resolves once reached; `signal` ends the polling early (another waiter answered), resolving too. */
    async waitFor(position: number, timeoutMs = 5_000, signal?: AbortSignal): Promise<void> {
      const until = elapsed() + timeoutMs;
      for (;;) {
        if (signal?.aborted === true) return;
        if ((await projectorCheckpoint(store)) >= position) return;
        if (elapsed() >= until) throw new Error(`read models did not reach position ${position} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, intervalMs));
      }
    },
  };
}
