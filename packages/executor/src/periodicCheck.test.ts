import { describe, expect, it } from 'vitest';
import { startPeriodicCheck } from './periodicCheck.js';

/** A timer the test fires by hand: the waits asked for, and the callbacks. */
function heldTimer() {
  const waits: number[] = [];
  const pending: (() => void)[] = [];
  return {
    waits,
    fire: () => pending.shift()?.(),
    setTimer: (run: () => void, delayMs: number) => {
      waits.push(delayMs);
      pending.push(run);
      return undefined;
    },
  };
}

describe('startPeriodicCheck', () => {
  it('given a check running, when it is asked for again, then the caller joins it: one run at a time', async () => {
    let runs = 0;
    let release: () => void = () => undefined;
    const periodic = startPeriodicCheck(
      () => {
        runs += 1;
        return runs === 1 ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
      },
      5_000,
      heldTimer().setTimer,
    );
    const first = periodic.check();
    const second = periodic.check();
    release();
    await Promise.all([first, second]);
    expect(runs).toBe(1);
    await periodic.check();
    expect(runs).toBe(2);
  });

  it('given the timer fires, then the check runs and the next wait starts only once it has ended; after stop, none starts', async () => {
    const timer = heldTimer();
    let runs = 0;
    const periodic = startPeriodicCheck(async () => void (runs += 1), 5_000, timer.setTimer);
    expect(timer.waits).toEqual([5_000]);
    timer.fire();
    await periodic.check();
    expect(runs).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(timer.waits).toEqual([5_000, 5_000]);
    await periodic.stop();
    timer.fire();
    await new Promise((resolve) => setImmediate(resolve));
    expect(timer.waits).toEqual([5_000, 5_000]);
  });
});
