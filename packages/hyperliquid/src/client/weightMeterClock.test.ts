import { describe, expect, it } from 'vitest';
import { WeightMeter } from './weightMeter.js';

const HOUR = 3_600_000;

describe('the weight meter’s 429 pause when the wall clock jumps (issue 32, point 3)', () => {
  it('issue 32, point 3: given a 429 pause of 30 s and the clock set back an hour, when 30 s of that clock pass, then orders go again (not after the hour)', () => {
    // given
    let now = 1_700_000_000_000;
    const meter = new WeightMeter({ budgetPerMinute: 1200, now: () => now });
    meter.backOff(30_000);
    // when
    now -= HOUR;
    // then
    expect(meter.tryAcquire(1, 'order')).toBe(false); // the pause still holds, from now
    expect(meter.retryAfterMs(1, 'order')).toBe(30_000);
    now += 30_000;
    expect(meter.tryAcquire(1, 'order')).toBe(true);
  });

  it('issue 32, point 3: given a 429 pause re-timed after a step back, when another 429 comes, then the longer of the two pauses holds', () => {
    let now = 1_700_000_000_000;
    const meter = new WeightMeter({ budgetPerMinute: 1200, now: () => now });
    meter.backOff(30_000);
    now -= HOUR;
    meter.backOff(10_000);
    expect(meter.retryAfterMs(1, 'order')).toBe(30_000);
    now += 30_000;
    expect(meter.tryAcquire(1, 'order')).toBe(true);
  });

  it('given a 429 pause, when the clock moves on normally, then requests wait exactly the pause', () => {
    let now = 1_700_000_000_000;
    const meter = new WeightMeter({ budgetPerMinute: 1200, now: () => now });
    meter.backOff(30_000);
    now += 29_999;
    expect(meter.tryAcquire(1, 'order')).toBe(false);
    now += 1;
    expect(meter.tryAcquire(1, 'order')).toBe(true);
  });
});
