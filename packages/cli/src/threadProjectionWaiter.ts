import { positionWaiters } from '@hyperhook/projector';
import type { GlobalPosition } from '@hyperhook/store';

/**
 * Read-your-writes for an api whose projector runs on another thread of the process: the thread
 * reports each position its read models reached, in order, and waiters settle on that report. A
 * lower report is believed: the read models went back (a rebuild into a new generation started
 * from its own checkpoint), and a waiter must not be told they hold what they no longer do.
 */
export function threadProjectionWaiter() {
  const waiters = positionWaiters();
  let position: GlobalPosition = 0;
  return {
    waitFor: (target: GlobalPosition, timeoutMs = 5_000): Promise<void> => waiters.wait(target, position, timeoutMs),
    reached(reachedPosition: GlobalPosition): void {
      position = reachedPosition;
      waiters.reached(position);
    },
    abort: (error: Error): void => waiters.abort(error),
  };
}
