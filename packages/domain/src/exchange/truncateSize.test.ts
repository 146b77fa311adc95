import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidSize } from './isValidSize.js';
import { truncateSize } from './truncateSize.js';

describe('truncateSize', () => {
  it.each([
    [0.0012345678, 5, '0.00123'],
    ['0.00129999', 5, '0.00129'],
    [1.99999, 0, '1'],
    [5, 2, '5'],
    ['2.50', 3, '2.5'],
    ['0.000001', 5, '0'],
    [0, 3, '0'],
    // 0.29 / 0.01 in binary floats: the reason sizing divides in decimal, not with `/`.
    [0.29 / 0.01, 0, '28'],
  ])('given %j at szDecimals %i, when truncated, then it reads %s', (sz, szDecimals, expected) => {
    expect(truncateSize(sz, szDecimals)).toBe(expected);
  });

  it.each([-1, '-0.5', NaN, 'abc'])('given the negative or invalid size %j, when truncated, then it throws', (sz) => {
    expect(() => truncateSize(sz, 2)).toThrow(RangeError);
  });

  it('given any non-negative size, when truncated, then it never rounds up, loses less than one lot and fits szDecimals', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e9, noNaN: true, noDefaultInfinity: true }), fc.integer({ min: 0, max: 6 }), (sz, szDecimals) => {
        const truncated = truncateSize(sz, szDecimals);
        const exact = new Decimal(sz);
        expect(new Decimal(truncated).lte(exact)).toBe(true);
        expect(exact.minus(truncated).lt(new Decimal(10).pow(-szDecimals))).toBe(true);
        expect((truncated.split('.')[1] ?? '').length).toBeLessThanOrEqual(szDecimals);
        expect(truncated === '0' || isValidSize(truncated, szDecimals)).toBe(true);
      }),
    );
  });
});
