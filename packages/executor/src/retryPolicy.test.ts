import { StoreUnavailableError, WrongExpectedVersionError } from '@hyperhook/store';
import { describe, expect, it } from 'vitest';
import { retryDelayMs, SIGNAL_RETRY_POLICY, withRetry, type RetryDeps, type RetryPolicy } from './retryPolicy.js';

const policy: RetryPolicy = { maxAttempts: 3, maxConflictAttempts: 6, maxUnavailableAttempts: 9, baseDelayMs: 100, maxDelayMs: 1_000 };
const conflict = () => new WrongExpectedVersionError('signal-s1', 3, 4);

/** A fake clock: sleeping advances it at once, and every wait is kept. */
function fakeDeps(overrides: Partial<RetryDeps> = {}) {
  const waits: number[] = [];
  const retried: number[] = [];
  const deps: RetryDeps = {
    sleep: async (ms) => void waits.push(ms),
    random: () => 0.5,
    isStopping: () => false,
    onRetry: (_error, attempt) => retried.push(attempt),
    ...overrides,
  };
  return { deps, waits, retried };
}

describe("retryPolicy: the executor's bounded retry of a signal (issue 29, point 7)", () => {
  it('given a task that keeps hitting version conflicts, when it is retried, then it stops at the conflict bound instead of looping forever', async () => {
    const { deps, waits } = fakeDeps();
    let calls = 0;

    const result = await withRetry(
      async () => {
        calls += 1;
        throw conflict();
      },
      policy,
      deps,
    );

    expect(calls).toBe(6);
    expect(result).toMatchObject({ ok: false, reason: 'exhausted', attempts: 6 });
    expect(waits).toHaveLength(5);
  });

  it('given a task that keeps failing otherwise, then it stops at the smaller bound, with the last error', async () => {
    const { deps } = fakeDeps();
    let calls = 0;

    const result = await withRetry(
      async () => {
        calls += 1;
        throw new Error(`disk full ${calls}`);
      },
      policy,
      deps,
    );

    expect(calls).toBe(3);
    expect(result.ok === false && (result.error as Error).message).toBe('disk full 3');
  });

  it("given a conflict that settles on the second attempt, then the task's value is returned after one wait", async () => {
    const { deps, waits, retried } = fakeDeps();
    let calls = 0;

    const result = await withRetry(
      async () => {
        calls += 1;
        if (calls === 1) throw conflict();
        return 'done';
      },
      policy,
      deps,
    );

    expect(result).toEqual({ ok: true, value: 'done' });
    expect(waits).toHaveLength(1);
    expect(retried).toEqual([1]);
  });

  it('given the process stops during a wait, then no further attempt is made', async () => {
    let stopping = false;
    const { deps } = fakeDeps({ sleep: async () => void (stopping = true), isStopping: () => stopping });
    let calls = 0;

    const result = await withRetry(
      async () => {
        calls += 1;
        throw conflict();
      },
      policy,
      deps,
    );

    expect(calls).toBe(1);
    expect(result).toMatchObject({ ok: false, reason: 'stopping' });
  });

  it('given the random part at its ends, then each wait lies between half and all of the doubled base, capped at the maximum', () => {
    expect(retryDelayMs(policy, conflict(), 1, () => 0)).toBe(100);
    expect(retryDelayMs(policy, conflict(), 1, () => 1)).toBe(200);
    expect(retryDelayMs(policy, conflict(), 2, () => 1)).toBe(400);
    expect(retryDelayMs(policy, conflict(), 5, () => 1)).toBe(1_000);
    expect(retryDelayMs(policy, conflict(), 5, () => 0)).toBe(500);
    expect(retryDelayMs(policy, new Error('x'), 3, () => 0)).toBeNull();
  });

  it("given the executor's policy, then a signal that keeps conflicting is given up within about half a minute of waits", () => {
    let worst = 0;
    for (let attempt = 1; ; attempt += 1) {
      const wait = retryDelayMs(SIGNAL_RETRY_POLICY, conflict(), attempt, () => 1);
      if (wait === null) break;
      worst += wait;
    }
    expect(worst).toBeLessThanOrEqual(30_000);
  });

  it('given the store out of reach (a PostgreSQL restart), when a signal fails on it, then it is tried again past the ordinary bound, up to maxUnavailableAttempts', () => {
    const unreachable = () => new StoreUnavailableError('unreachable', 'ECONNREFUSED');
    expect(retryDelayMs(policy, unreachable(), 3, () => 1)).toBe(800);
    expect(retryDelayMs(policy, unreachable(), 8, () => 1)).toBe(1_000);
    expect(retryDelayMs(policy, unreachable(), 9, () => 1)).toBeNull();
    expect(retryDelayMs(policy, new Error('x'), 3, () => 1)).toBeNull();
  });
});
