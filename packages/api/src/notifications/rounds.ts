/** Runs `run` every `ms` until the returned stop is called (default setInterval, unref'd). */
export type Every = (ms: number, run: () => Promise<void>) => () => void;

/** setInterval, unref'd: a round never keeps the process alive by itself. */
export const everyInterval: Every = (ms, run) => {
  const timer = setInterval(() => void run(), ms);
  timer.unref();
  return () => clearInterval(timer);
};

/** Rounds run by {@link startRounds}: one now on demand, and a stop. */
export interface Rounds {
  /** One round now; a round already running is waited for instead. */
  tick(): Promise<void>;
  /** Stops the timer, then the follower, then waits for the round running. */
  stop(): Promise<void>;
}

/**
 * A notifier's rounds beside its follower of the log (the notice scheduler, the risk watch): one
 * round at a time every `intervalMs`, a timed round's failure to `onError`.
 */
export function startRounds(options: {
  readonly round: () => Promise<void>;
  readonly intervalMs: number;
  readonly every?: Every | undefined;
  readonly onError: (error: unknown) => void;
  readonly follower: { stop(): Promise<void> };
}): Rounds {
  let running: Promise<void> | null = null;
  const tick = (): Promise<void> => {
    running ??= options.round().finally(() => {
      running = null;
    });
    return running;
  };
  const stopTimer = (options.every ?? everyInterval)(options.intervalMs, () => tick().catch(options.onError));
  return {
    tick,
    async stop() {
      stopTimer();
      await options.follower.stop();
      await running;
    },
  };
}
