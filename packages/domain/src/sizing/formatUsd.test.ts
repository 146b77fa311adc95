import { describe, expect, it } from 'vitest';
import { formatUsd } from './formatUsd.js';

describe('formatUsd', () => {
  it.each([
    [0, '$0.00'],
    [9.705, '$9.71'],
    [1234567.891, '$1,234,567.89'],
  ])('CONST-22: given %s, when formatted, then it reads %s', (amount, expected) => {
    expect(formatUsd(amount)).toBe(expected);
  });
});
