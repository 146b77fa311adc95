import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toWireDecimal } from './toWireDecimal.js';

describe('toWireDecimal', () => {
  it.each([
    ['100.0', '100'],
    [100, '100'],
    [1e-8, '0.00000001'],
    [0.0147, '0.0147'],
    [' 2.50 ', '2.5'],
    ['1e3', '1000'],
    [1e21, '1000000000000000000000'],
    [-0, '0'],
    ['-0.000', '0'],
    [-1.5, '-1.5'],
  ])('given %j, when formatted, then it reads %s', (input, expected) => {
    expect(toWireDecimal(input)).toBe(expected);
  });

  it.each([NaN, Infinity, -Infinity, '', 'abc', '0x1f', 'Infinity', '1,5'])('given the non-decimal %j, when formatted, then it throws', (input) => {
    expect(() => toWireDecimal(input)).toThrow(RangeError);
  });

  it('given any finite double, when formatted, then it has no exponent and parses back to the same number', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        const wire = toWireDecimal(x);
        expect(wire).not.toMatch(/e/i);
        expect(wire).toMatch(/^-?(0|[1-9]\d*)(\.\d*[1-9])?$/);
        expect(Number(wire)).toBe(x === 0 ? 0 : x);
      }),
    );
  });
});
