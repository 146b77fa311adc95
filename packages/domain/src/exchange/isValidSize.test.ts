import { describe, expect, it } from 'vitest';
import { isValidSize } from './isValidSize.js';

describe('isValidSize', () => {
  it.each([
    ['0.001', 3, true],
    ['0.001', 2, false],
    ['10', 0, true],
    ['10.5', 0, false],
    ['123.45678', 5, true],
    ['0', 3, false], // an order for nothing
    ['1.0', 3, false], // not wire form
    ['-1', 3, false],
    ['1e-3', 3, false],
    ['', 3, false],
  ])('given size %j at szDecimals %i, when checked, then it is %s', (sz, szDecimals, expected) => {
    expect(isValidSize(sz, szDecimals)).toBe(expected);
  });

  it('given an impossible szDecimals, when checked, then it throws', () => {
    expect(() => isValidSize('1', -1)).toThrow(RangeError);
  });
});
