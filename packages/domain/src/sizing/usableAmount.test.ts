import { describe, expect, it } from 'vitest';
import { usableAmount } from './usableAmount.js';

describe('usableAmount', () => {
  it.each([
    [100, 100],
    [0.5, 0.5],
    [0, 0],
    [-5, 0],
    [NaN, 0],
    [Infinity, 0],
    ['100', 0],
    [null, 0],
  ])('VAL-14: given %j, when used as an amount, then it counts as %s', (value, expected) => {
    expect(usableAmount(value)).toBe(expected);
  });
});
