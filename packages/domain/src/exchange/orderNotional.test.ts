import { describe, expect, it } from 'vitest';
import { meetsMinimumNotional, orderNotional } from './orderNotional.js';

describe('orderNotional', () => {
  it('given price and size, when multiplied, then it is the USD value', () => {
    expect(orderNotional('97123', '0.00123')).toBe(119.46129);
    expect(orderNotional(0.000012, 1_000_000)).toBe(12);
  });

  it('given a non-numeric input, when multiplied, then it throws', () => {
    expect(() => orderNotional('abc', '1')).toThrow(RangeError);
  });
});

describe('meetsMinimumNotional', () => {
  it.each([
    ['2.5', '4', true], // exactly $10 is enough
    ['10', '1', true],
    ['9.99', '1', false],
    ['3.3333', '3', false], // $9.9999
    ['97123', '0.0001', false], // $9.71: a truncated BTC size below the minimum
    ['97123', '0.00011', true],
  ])('given price %s and size %s, when checked against $10, then it is %s', (px, sz, expected) => {
    expect(meetsMinimumNotional(px, sz)).toBe(expected);
  });
});
