import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidPerpPrice } from './isValidPerpPrice.js';
import { slippagePrice } from './slippagePrice.js';

describe('slippagePrice', () => {
  it('TAB-SET-25: given BTC mid 97000 and 1 % tolerance, when priced, then buy is 97970 and sell 96030', () => {
    expect(slippagePrice(97000, true, 1, 5)).toBe('97970');
    expect(slippagePrice(97000, false, 1, 5)).toBe('96030');
  });

  it('given a guard between valid prices, when priced, then a buy rounds down and a sell rounds up so the guard is never loosened', () => {
    // 97123.456 × 1.01 = 98094.69056 ; × 0.99 = 96152.22144
    expect(slippagePrice(97123.456, true, 1, 5)).toBe('98094');
    expect(slippagePrice(97123.456, false, 1, 5)).toBe('96153');
  });

  it('given a kPEPE-like mid, when priced, then the price keeps the allowed 6 decimals', () => {
    expect(slippagePrice('0.0000123456', true, 5, 0)).toBe('0.000012'); // 0.00001296288 rounded down
    expect(slippagePrice('0.0000123456', false, 5, 0)).toBe('0.000012'); // 0.00001172832 rounded up
  });

  it('given 0 % tolerance, when priced, then the guard is the mid itself, rounded conservatively', () => {
    expect(slippagePrice('2345.67', true, 0, 2)).toBe('2345.6');
    expect(slippagePrice('2345.67', false, 0, 2)).toBe('2345.7');
  });

  it('given a 100 % sell tolerance, when priced, then it is the smallest valid price rather than 0', () => {
    expect(slippagePrice(3000, false, 100, 2)).toBe('0.0001');
  });

  it.each([
    [97000, -1],
    [97000, 101],
    [97000, NaN],
    [0, 1],
    [-5, 1],
  ])('given mid %s and tolerance %s, when priced, then it throws', (mid, pct) => {
    expect(() => slippagePrice(mid, true, pct, 2)).toThrow(RangeError);
  });

  it('given any mid (at least one price step) and tolerance, when priced, then the price is valid, within the guard, and less than one step from it', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.0001, max: 500_000, noNaN: true }),
        fc.double({ min: 0, max: 99, noNaN: true }),
        fc.boolean(),
        fc.integer({ min: 0, max: 5 }),
        (mid, pct, isBuy, szDecimals) => {
          // A real mid is itself a valid price, so never below the smallest step.
          fc.pre(mid >= 10 ** -(6 - szDecimals));
          const px = slippagePrice(mid, isBuy, pct, szDecimals);
          expect(isValidPerpPrice(px, szDecimals)).toBe(true);
          const factor = new Decimal(pct).div(100);
          const guard = new Decimal(mid).mul(isBuy ? factor.plus(1) : new Decimal(1).minus(factor));
          const price = new Decimal(px);
          if (isBuy) expect(price.lte(guard)).toBe(true);
          else expect(price.gte(guard)).toBe(true);
          const step = Decimal.max(guard.mul('0.0001'), new Decimal(10).pow(-(6 - szDecimals)));
          expect(price.minus(guard).abs().lt(step)).toBe(true);
        },
      ),
    );
  });
});
