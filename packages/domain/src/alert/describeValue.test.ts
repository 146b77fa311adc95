import { describe, expect, it } from 'vitest';
import { describeValue } from './describeValue.js';

describe('describeValue', () => {
  it.each([
    ['abc', '"abc"'],
    [12.5, '12.5'],
    [true, 'true'],
    [null, 'null'],
    [undefined, 'nothing'],
    [[1, 2], 'a list'],
    [{ a: 1 }, 'an object'],
  ])('given %j, when described, then it reads %s', (value, expected) => {
    expect(describeValue(value)).toBe(expected);
  });

  it('given a very long string, when described, then it is cut to 60 characters with an ellipsis', () => {
    expect(describeValue('x'.repeat(500))).toBe(`"${'x'.repeat(60)}…"`);
  });

  it('given a bigint, when described, then it reads as its digits', () => {
    expect(describeValue(10n)).toBe('10');
  });

  it('given a function or symbol, when described, then it names the kind without throwing', () => {
    expect(describeValue(() => 1)).toBe('a function');
    expect(describeValue(Symbol('s'))).toBe('a symbol');
  });
});
