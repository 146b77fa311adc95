/**
 * A latency timer a test ends by hand (the simulator's `sleep` option): the test sees which waits
 * were asked for and decides when they are over, so a delay is proven by the order of events.
 */
export interface HeldSleep {
  sleep(ms: number): Promise<void>;
  /** The waits asked for so far, in ms. */
  readonly asked: readonly number[];
  /** Ends every wait asked for so far. */
  release(): void;
}

/** A {@link HeldSleep} with nothing asked yet. */
export function heldSleep(): HeldSleep {
  const asked: number[] = [];
  const waiting: Array<() => void> = [];
  return {
    asked,
    sleep: (ms) => {
      asked.push(ms);
      return new Promise((resolve) => waiting.push(resolve));
    },
    release: () => {
      for (const resolve of waiting.splice(0)) resolve();
    },
  };
}
