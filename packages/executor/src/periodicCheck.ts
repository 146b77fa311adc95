import type { ExecutorContext } from './executorContext.js';
import type { ExecutorLog } from './executorLog.js';
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

/** What {@link startPeriodicCheck} runs, how often, and who hears a timed run that failed. */
export interface PeriodicCheckOptions {
  readonly run: () => Promise<void>;
  readonly intervalMs: number;
  /** Starts the wait before the next check; default setTimeout. */
  readonly setTimer?: CheckTimer | undefined;
  /**
   * Hears a timed run that failed (the store out of reach, say): the loop goes on at the next
   * interval. A failure is never left unhandled, which would end the process and every role in it.
   */
  readonly onError: (error: unknown) => void;
}

/**
 * Runs `run` every `intervalMs` after the previous run ended (never two at once), and on demand:
 * the keepers of paper accounts and of moving stops share this loop. A run asked for with check()
 * rejects to its caller; a timed one that fails goes to `onError`.
 */
export function startPeriodicCheck(options: PeriodicCheckOptions): PeriodicCheck {
  const { run, intervalMs, onError } = options;
  const setTimer = options.setTimer ?? ((next: () => void, delayMs: number) => setTimeout(next, delayMs));
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
      void check().catch(onError).finally(schedule);
    }, intervalMs);
  };
  schedule();
  return {
    check,
    async stop() {
      stopping = true;
      if (timer !== undefined) clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}

/** What {@link startKeeperLoop} takes: a keeper's check, its follower, and its name in the log. */
export interface KeeperLoopOptions {
  /** "approval expiry": a timed check that fails is logged as "approval expiry check failed; …". */
  readonly name: string;
  readonly log: ExecutorLog;
  readonly run: () => Promise<void>;
  readonly intervalMs: number;
  readonly setTimer?: CheckTimer | undefined;
  readonly follower: { stop(): Promise<void> };
  /** Called first on stop, before the check in progress ends: the keeper's own stop flag, a scan gate to release. */
  readonly onStop: () => void;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * The loop every keeper of the executor runs: its check every interval and on demand (a timed
 * failure logged, the next check at the next interval), and a stop that ends the check in progress
 * and then the keeper's follower of the log.
 */
export function startKeeperLoop(options: KeeperLoopOptions): PeriodicCheck {
  const { name, log, follower } = options;
  const periodic = startPeriodicCheck({
    run: options.run,
    intervalMs: options.intervalMs,
    setTimer: options.setTimer,
    onError: (error) => log({ level: 'error', msg: `${name} check failed; trying again at the next interval`, error: messageOf(error) }),
  });
  return {
    check: () => periodic.check(),
    async stop() {
      options.onStop();
      await periodic.stop();
      await follower.stop();
    },
  };
}
