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

const unexpected = (error: unknown) => {
  throw error;
};

describe('startPeriodicCheck', () => {
  it('given a check running, when it is asked for again, then the caller joins it: one run at a time', async () => {
    let runs = 0;
    let release: () => void = () => undefined;
    const periodic = startPeriodicCheck({
      run: () => {
        runs += 1;
        return runs === 1 ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
      },
      intervalMs: 5_000,
      setTimer: heldTimer().setTimer,
      onError: unexpected,
    });
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
    const periodic = startPeriodicCheck({ run: async () => void (runs += 1), intervalMs: 5_000, setTimer: timer.setTimer, onError: unexpected });
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

  it('given a timed check that fails (the store out of reach), then its failure is heard, not left unhandled, and the next wait starts; a check asked for rejects to its caller', async () => {
    const timer = heldTimer();
    const heard: unknown[] = [];
    let runs = 0;
    const periodic = startPeriodicCheck({
      run: async () => {
        runs += 1;
        if (runs <= 2) throw new Error('connect ECONNREFUSED');
      },
      intervalMs: 5_000,
      setTimer: timer.setTimer,
      onError: (error) => heard.push(error),
    });

    timer.fire();
    await new Promise((resolve) => setImmediate(resolve));
    const asked = await periodic.check().then(
      () => 'resolved',
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );

    expect(heard.map((error) => (error instanceof Error ? error.message : error))).toEqual(['connect ECONNREFUSED']);
    expect(timer.waits).toEqual([5_000, 5_000]);
    expect(asked).toBe('connect ECONNREFUSED');
    timer.fire();
    await new Promise((resolve) => setImmediate(resolve));
    expect(runs).toBe(3);
    await periodic.stop();
  });
});
