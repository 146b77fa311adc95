import { describe, expect, it } from 'vitest';
import { isValidPerpPrice } from './isValidPerpPrice.js';

describe('isValidPerpPrice', () => {
  it.each([
    ['1234.5', 0, true],
    ['1234.56', 0, false], // 6 significant figures
    ['0.001234', 0, true],
    ['0.0012345', 0, false], // 5 sig figs but 7 decimals
    ['0.01234', 1, true],
    ['0.012345', 1, false], // 6 decimals > 6 − 1
    ['0.000012', 0, true], // kPEPE-like
    ['0.0000123', 0, false],
    ['97123', 5, true],
    ['97123.4', 5, false], // 6 sig figs
    ['0.1', 5, true],
    ['0.12', 5, false], // only 1 decimal at szDecimals 5
    ['123456', 5, true], // integers are always allowed
    ['123456', 0, true],
    ['12345.6', 0, false],
    ['7', 6, true],
    ['0.5', 6, false], // no decimals at all at szDecimals 6
  ])('given price %s and szDecimals %i, when checked, then it is %s', (px, szDecimals, expected) => {
    expect(isValidPerpPrice(px, szDecimals)).toBe(expected);
  });

  it.each(['0', '100.0', '01', '1e3', '-1', '+1', '', ' 1', '1.', '.5', 'abc'])(
    'given %j (not a positive wire decimal), when checked, then it is invalid',
    (px) => {
      expect(isValidPerpPrice(px, 2)).toBe(false);
    },
  );

  it.each([-1, 7, 1.5, NaN])('given the impossible szDecimals %s, when checked, then it throws', (szDecimals) => {
    expect(() => isValidPerpPrice('1', szDecimals)).toThrow(RangeError);
  });
});
