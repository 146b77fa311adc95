import { describe, expect, it } from 'vitest';
import { createPrng } from '@hyperhook/venue-engine';
import { holdsZero, medianDifference, welchMeanDifference } from './timingStats.js';

/** `n` samples around `centre` ms with a spread of ±0.05 ms. */
function samples(n: number, centre: number, seed: number): number[] {
  const random = createPrng(seed);
  return Array.from({ length: n }, () => centre + (random() - 0.5) * 0.1);
}

describe('timing statistics of the security bench', () => {
  it('issue 32, point 4: given two classes from the same distribution, when compared, then both intervals hold zero', () => {
    // given
    const a = samples(500, 1, 1);
    const b = samples(500, 1, 2);
    // when / then
    expect(holdsZero(medianDifference(a, b))).toBe(true);
    expect(holdsZero(welchMeanDifference(a, b))).toBe(true);
  });

  it('issue 32, point 4: given one class 20 µs slower, when compared, then both intervals exclude zero and hold the shift', () => {
    // given
    const a = samples(500, 1.02, 3);
    const b = samples(500, 1, 4);
    // when
    const median = medianDifference(a, b);
    const means = welchMeanDifference(a, b);
    // then
    for (const interval of [median, means]) {
      expect(holdsZero(interval)).toBe(false);
      expect(interval.low).toBeLessThan(0.02);
      expect(interval.high).toBeGreaterThan(0.02);
    }
  });
});
