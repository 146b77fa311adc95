import { describe, expect, it } from 'vitest';
import { fillReadDelayMs } from './fillReadDelay.js';

const HOUR = 3_600_000;

describe('fillReadDelayMs', () => {
  it('given no read yet, then the batch window alone', () => {
    expect(fillReadDelayMs(500, 10_000, undefined)).toBe(500);
  });

  it('given a read 4 s ago and a 10 s interval, then 6 s; given one 20 s ago, then the batch window', () => {
    expect(fillReadDelayMs(500, 10_000, 4_000)).toBe(6_000);
    expect(fillReadDelayMs(500, 10_000, 20_000)).toBe(500);
  });

  it('issue 32, point 3: given the last read an hour "ahead" (the wall clock stepped back since), then at most the interval, not an hour more', () => {
    expect(fillReadDelayMs(500, 10_000, -HOUR)).toBe(10_000);
  });
});
