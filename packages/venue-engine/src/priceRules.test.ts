import { describe, expect, it } from 'vitest';
import { isValidSimPrice, isValidSimSize, priceToWire, roundPriceToTick } from './priceRules.js';

describe('isValidSimPrice (reference §3 examples)', () => {
  it.each([
    ['1234.5', 0, true],
    ['1234.56', 0, false],
    ['0.001234', 0, true],
    ['0.0012345', 0, false],
    ['0.01234', 1, true],
    ['0.012345', 1, false],
    ['123456', 5, true],
    ['12345.6', 5, false],
    ['97123', 5, true],
    ['2500.5', 4, true],
    ['2500.55', 4, false],
    ['1e5', 0, false],
    ['-1', 0, false],
  ])('given %s with szDecimals %i, then valid = %s', (px, d, ok) => {
    expect(isValidSimPrice(px, d)).toBe(ok);
  });

  it('given strict integer sig figs, when 123456 is checked, then it is refused but 120000 passes', () => {
    expect(isValidSimPrice('123456', 0, true)).toBe(false);
    expect(isValidSimPrice('120000', 0, true)).toBe(true);
  });
});

describe('isValidSimSize', () => {
  it('given sizes, then only those within szDecimals are valid', () => {
    expect(isValidSimSize('0.00015', 5)).toBe(true);
    expect(isValidSimSize('0.000151', 5)).toBe(false);
    expect(isValidSimSize('3', 0)).toBe(true);
    expect(isValidSimSize('3.0', 0)).toBe(true);
  });
});

describe('roundPriceToTick', () => {
  it('given prices off the grid, when rounded, then the result is a valid price in the chosen direction', () => {
    expect(roundPriceToTick(97019.4, 5, 'up')).toBe(97020);
    expect(roundPriceToTick(96980.6, 5, 'down')).toBe(96980);
    expect(roundPriceToTick(0.0120024, 0, 'up')).toBe(0.012003);
    expect(roundPriceToTick(3500.77, 4, 'nearest')).toBe(3500.8);
    for (const [px, d] of [
      [1.2503, 1],
      [650.13, 3],
      [0.35007, 0],
    ] as const) {
      expect(isValidSimPrice(priceToWire(roundPriceToTick(px * 1.00037, d, 'nearest'), d), d)).toBe(true);
    }
  });
});
