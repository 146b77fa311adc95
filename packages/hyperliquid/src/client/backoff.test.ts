import { describe, expect, it } from 'vitest';
import { backoffDelayMs, DEFAULT_BACKOFF } from './backoff.js';

const policy = { maxRetries: 5, baseDelayMs: 100, maxDelayMs: 1000 };

describe('backoffDelayMs', () => {
  it('given no jitter, when retries grow, then the delay doubles from half the base', () => {
    expect([0, 1, 2].map((retry) => backoffDelayMs(policy, retry, () => 0))).toEqual([50, 100, 200]);
  });

  it('given full jitter, when retries grow, then the delay doubles from the base', () => {
    expect([0, 1, 2].map((retry) => backoffDelayMs(policy, retry, () => 1))).toEqual([100, 200, 400]);
  });

  it('given many retries, when computed, then the delay never exceeds the cap', () => {
    expect(backoffDelayMs(policy, 20, () => 0.999)).toBeLessThanOrEqual(1000);
  });

  it('given a Retry-After hint, when computed, then it is honoured up to the cap', () => {
    expect(backoffDelayMs(policy, 0, () => 0, 700)).toBe(700);
    expect(backoffDelayMs(policy, 0, () => 0, 60_000)).toBe(1000);
  });

  it('given the defaults, when every retry is summed, then the worst case stays bounded', () => {
    const total = Array.from({ length: DEFAULT_BACKOFF.maxRetries }, (_, retry) => backoffDelayMs(DEFAULT_BACKOFF, retry, () => 1)).reduce((a, b) => a + b, 0);
    expect(total).toBeLessThanOrEqual(4_000);
  });
});
