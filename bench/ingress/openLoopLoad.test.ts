import { describe, expect, it } from 'vitest';
import { dueCount } from './openLoopLoad.js';

describe('open-loop schedule: request i is sent at its due time i / rate', () => {
  it('given a run at 50/s, when it starts, then the first request is due at once', () => {
    expect(dueCount(0, 50, 100)).toBe(1);
  });

  it('given a run at 50/s, when 19.9 ms and 20 ms have passed, then the second request is due at 20 ms, not one interval later', () => {
    expect(dueCount(19.9, 50, 100)).toBe(1);
    expect(dueCount(20, 50, 100)).toBe(2);
    expect(dueCount(999.9, 50, 100)).toBe(50);
  });

  it('given a run of 100 requests, when its time is long past, then no more than 100 are due', () => {
    expect(dueCount(60_000, 50, 100)).toBe(100);
  });
});
