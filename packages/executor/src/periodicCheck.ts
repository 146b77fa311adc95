import type { ExecutorContext } from './executorContext.js';
import type { Partition } from './partition.js';

/** Starts the wait before the next check: setTimeout, or a test's hold (answering undefined: the test calls check() itself). */
export type CheckTimer = (run: () => void, delayMs: number) => NodeJS.Timeout | undefined;

/** What a keeper that follows the log and acts in the users' lanes takes. */
export interface LaneKeeperOptions {
  readonly ctx: ExecutorContext;
  readonly partition: Partition | undefined;
  /** Runs `work` in the user's serial lane, so the keeper never interleaves with the user's alerts. */
  readonly inLane: (uid: string, work: () => Promise<void>) => Promise<void>;
  /** How often it checks; each keeper has its default. */
  readonly intervalMs?: number;
  /** Starts the wait before the next check, default setTimeout: tests hold it (answer undefined) and call check() themselves. */
  readonly setTimer?: CheckTimer;
}

/** A check run now on demand and again every interval, one at a time. */
export interface PeriodicCheck {
  /** Runs the check now, or joins the one running; resolves when it is done. */
  check(): Promise<void>;
  /** Stops the timer; a check in progress ends first. */
  stop(): Promise<void>;
}

/**
 * Runs `run` every `intervalMs` after the previous run ended (never two at once), and on demand:
 * the keepers of paper accounts and of moving stops share this loop.
 */
export function startPeriodicCheck(
  run: () => Promise<void>,
  intervalMs: number,
  setTimer: CheckTimer = (next, delayMs) => setTimeout(next, delayMs),
): PeriodicCheck {
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const check = (): Promise<void> => {
    running ??= run().finally(() => {
      running = undefined;
    });
    return running;
  };
  const schedule = (): void => {
    if (stopping) return;
    timer = setTimer(() => {
      timer = undefined;
      void check().finally(schedule);
    }, intervalMs);
  };
  schedule();
  return {
    check,
    async stop() {
      stopping = true;
      if (timer !== undefined) clearTimeout(timer);
      await running;
    },
  };
}
