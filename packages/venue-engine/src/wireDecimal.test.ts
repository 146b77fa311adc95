import { describe, expect, it } from 'vitest';
import { formatLots, formatRust, formatSig, normalizeDecimalString, parseLots, significantFigures } from './wireDecimal.js';

describe('normalizeDecimalString', () => {
  it.each([
    ['100.0', '100'],
    ['0.0100', '0.01'],
    ['0100.500', '100.5'],
    ['0.0', '0'],
    ['000', '0'],
    ['2400', '2400'],
  ])('given %s, when normalised, then %s', (input, expected) => {
    expect(normalizeDecimalString(input)).toBe(expected);
  });
});

describe('significantFigures', () => {
  it.each([
    ['0.001234', 4],
    ['1234.5', 5],
    ['120000', 2],
    ['123456', 6],
    ['0', 0],
  ])('given %s, then %i significant figures', (input, n) => {
    expect(significantFigures(input)).toBe(n);
  });
});

describe('parseLots', () => {
  it('given a size within szDecimals, when parsed, then it is an integer number of lots', () => {
    expect(parseLots('0.00123', 5)).toBe(123);
    expect(parseLots('12', 0)).toBe(12);
    expect(parseLots('0.0100', 2)).toBe(1);
  });
  it('given more decimals than allowed, when parsed, then null (rejected, never rounded)', () => {
    expect(parseLots('0.001234', 5)).toBeNull();
    expect(parseLots('1.5', 0)).toBeNull();
  });
});

describe('Rust-style formatting', () => {
  it.each([
    [29792, 8, '29792.0'],
    [0, 8, '0.0'],
    [-0, 8, '0.0'],
    [0.01, 8, '0.01'],
    [1e-7, 8, '0.0000001'],
    [-0.0000001, 6, '0.0'],
    [10.5822712, 6, '10.582271'],
  ])('given %d with %i decimals, then %s', (x, d, s) => {
    expect(formatRust(x, d)).toBe(s);
  });
  it('given sizes in lots, when formatted, then they show szDecimals at most', () => {
    expect(formatLots(2, 2)).toBe('0.02');
    expect(formatLots(15, 5)).toBe('0.00015');
    expect(formatLots(0, 4)).toBe('0.0');
  });
  it('given a price, when formatted with significant figures, then no float noise shows', () => {
    expect(formatSig(0.1 + 0.2)).toBe('0.3');
    expect(formatSig(97001)).toBe('97001.0');
  });
});
