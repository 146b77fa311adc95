import type { GlobalPosition } from '@hyperhook/store';

type Waiter = { readonly position: GlobalPosition; readonly resolve: () => void; readonly reject: (error: Error) => void; readonly timer: NodeJS.Timeout };

/**
 * Promises that settle when a position is reached: the api's read-your-writes wait ("answer once
 * the read model includes my append"). Resolution happens only after the batch's commit.
 */
export function positionWaiters() {
  const waiters = new Set<Waiter>();
  return {
    /** Resolves once `reached(p)` is called with p ≥ position; rejects after `timeoutMs`. */
    wait(position: GlobalPosition, current: GlobalPosition, timeoutMs: number): Promise<void> {
      if (current >= position) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const waiter: Waiter = {
          position,
          resolve,
          reject,
          timer: setTimeout(() => {
            waiters.delete(waiter);
            reject(new Error(`read models did not reach position ${position} within ${timeoutMs} ms`));
          }, timeoutMs),
        };
        waiters.add(waiter);
      });
    },
    /** Settles every waiter at or below `position`. */
    reached(position: GlobalPosition): void {
      for (const waiter of waiters) {
        if (waiter.position > position) continue;
        clearTimeout(waiter.timer);
        waiters.delete(waiter);
        waiter.resolve();
      }
    },
    /** Rejects every pending waiter (the projector stopped). */
    abort(error: Error): void {
      for (const waiter of waiters) {
        clearTimeout(waiter.timer);
        waiter.reject(error);
      }
      waiters.clear();
    },
  };
}
