import { describe, expect, it } from 'vitest';
import { resolveLeverage } from './resolveLeverage.js';

describe('resolveLeverage', () => {
  it.each([
    [3, 40, 3, false],
    [40, 40, 40, false],
    [45, 40, 40, true], // above the coin's maximum
    [50, 100, 50, false],
    [60, 100, 50, true], // the product never exceeds 50
    [5, 3, 3, true],
    [0, 10, 1, false], // never below 1
  ])('given wanted %i and maxLeverage %i, when resolved, then leverage %i (clamped %s)', (wanted, max, leverage, clamped) => {
    expect(resolveLeverage(wanted, max)).toEqual({ leverage, clamped });
  });
});
