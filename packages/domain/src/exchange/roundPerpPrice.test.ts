import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidPerpPrice } from './isValidPerpPrice.js';
import { roundPerpPrice, type PriceRoundingMode } from './roundPerpPrice.js';

/** Prices from 1e-10 to 1e7 as exact decimal text, with up to 9 significant digits. */
const priceText = fc
  .tuple(fc.integer({ min: 1, max: 999_999_999 }), fc.integer({ min: -18, max: -2 }))
  .map(([mantissa, exponent]) => new Decimal(mantissa).mul(new Decimal(10).pow(exponent)).toFixed());
const szDecimals = fc.integer({ min: 0, max: 5 });
const mode = fc.constantFrom<PriceRoundingMode>('nearest', 'down', 'up');

describe('roundPerpPrice', () => {
  it('given a kPEPE-like price 0.0000123456 at szDecimals 0, when rounded, then it keeps 6 decimals', () => {
    expect(roundPerpPrice(0.0000123456, 0)).toBe('0.000012');
    expect(roundPerpPrice(0.0000123456, 0, 'up')).toBe('0.000013');
  });

  it('given BTC at 97123.456 (szDecimals 5), when rounded, then it becomes a 5-figure integer', () => {
    expect(roundPerpPrice(97123.456, 5)).toBe('97123');
    expect(roundPerpPrice(97123.456, 5, 'down')).toBe('97123');
    expect(roundPerpPrice(97123.456, 5, 'up')).toBe('97124');
  });

  it.each([
    [0, '1.2346'],
    [1, '1.2346'],
    [2, '1.2346'],
    [3, '1.235'],
    [4, '1.23'],
    [5, '1.2'],
  ])('given 1.23456789 at szDecimals %i, when rounded, then it reads %s', (sz, expected) => {
    expect(roundPerpPrice('1.23456789', sz)).toBe(expected);
  });

  it('given prices of 6+ integer digits, when rounded, then they round to an integer, which is always allowed', () => {
    expect(roundPerpPrice(123456, 0)).toBe('123456');
    expect(roundPerpPrice(123456.7, 2)).toBe('123457');
    expect(roundPerpPrice('99999.6', 3)).toBe('100000');
  });

  it('given a tie, when rounded to nearest, then it goes up', () => {
    expect(roundPerpPrice('1.23455', 0)).toBe('1.2346');
  });

  it('given a price below the smallest step, when rounded down or to nearest, then it throws a clear error; up gives the step', () => {
    expect(() => roundPerpPrice(0.0000004, 0)).toThrow(/rounds to 0.*0\.000001/);
    expect(() => roundPerpPrice(0.0000009, 0, 'down')).toThrow(/rounds to 0/);
    expect(roundPerpPrice(0.0000004, 0, 'up')).toBe('0.000001');
  });

  it.each([0, -5, NaN, Infinity, 'x'])('given the non-positive or non-numeric price %j, when rounded, then it throws', (px) => {
    expect(() => roundPerpPrice(px, 2)).toThrow(RangeError);
  });

  it('given any price and mode, when rounded, then the result is a valid perp price (≤5 sig figs unless integer, ≤6−szDecimals decimals)', () => {
    fc.assert(
      fc.property(priceText, szDecimals, mode, (px, sz, m) => {
        let rounded: string;
        try {
          rounded = roundPerpPrice(px, sz, m);
        } catch {
          // Only a price below the smallest step may fail, and never when rounding up.
          expect(m).not.toBe('up');
          expect(new Decimal(px).lt(new Decimal(10).pow(-(6 - sz)))).toBe(true);
          return;
        }
        expect(isValidPerpPrice(rounded, sz)).toBe(true);
      }),
    );
  });

  it('given any price, when rounded, then the error is within one step (half a step to nearest) and in the requested direction', () => {
    fc.assert(
      fc.property(priceText, szDecimals, mode, (px, sz, m) => {
        const value = new Decimal(px);
        const stepBound = Decimal.max(value.mul('0.0001'), new Decimal(10).pow(-(6 - sz)));
        if (m !== 'up' && value.lt(stepBound)) return; // may legitimately round to 0 (covered above)
        const rounded = new Decimal(roundPerpPrice(px, sz, m));
        const error = rounded.minus(value).abs();
        if (m === 'nearest') expect(error.lte(stepBound.div(2))).toBe(true);
        else expect(error.lt(stepBound)).toBe(true);
        if (m === 'down') expect(rounded.lte(value)).toBe(true);
        if (m === 'up') expect(rounded.gte(value)).toBe(true);
      }),
    );
  });

  it('given a price that is already valid, when rounded in any mode, then it is unchanged', () => {
    fc.assert(
      fc.property(priceText, szDecimals, mode, (px, sz, m) => {
        const valid = roundPerpPrice(px, sz, 'up');
        expect(roundPerpPrice(valid, sz, m)).toBe(valid);
      }),
    );
  });
});
