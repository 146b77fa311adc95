import { describe, expect, it } from 'vitest';
import { webhookRateLimiter } from './webhookRateLimiter.js';

const HOUR = 3_600_000;

/** Takes until refused (at most `max`); how many were taken. */
function drain(limiter: ReturnType<typeof webhookRateLimiter>, key: string, max = 1000): number {
  let taken = 0;
  while (taken < max && limiter.take(key)) taken += 1;
  return taken;
}

describe('webhookRateLimiter when the wall clock jumps (issue 32, point 3)', () => {
  it('issue 32, point 3: given a spent budget and the clock jumps back an hour, when a second of that clock passes, then the webhook gets its token back (it is not blocked for the hour)', () => {
    let now = 1_700_000_000_000;
    const limiter = webhookRateLimiter({ burst: 5, perMinute: 60 }, () => now);
    drain(limiter, 'u');
    now -= HOUR;
    expect(limiter.take('u')).toBe(false); // no time has passed: still spent
    now += 1_000;
    expect(limiter.take('u')).toBe(true);
  });

  it('issue 32, point 3: given a spent budget and the clock jumps forward an hour, when alerts come, then at most the burst is let through (the budget does not open wider)', () => {
    let now = 1_700_000_000_000;
    const limiter = webhookRateLimiter({ burst: 5, perMinute: 60 }, () => now);
    drain(limiter, 'u');
    now += HOUR;
    expect(drain(limiter, 'u')).toBe(5);
  });
});
