import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf8ByteLength } from './utf8.js';

describe('utf8ByteLength', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['é', 2],
    ['€', 3],
    ['🚀', 4],
    ['\uD800', 3], // lone surrogate → replacement character
  ])('given %j, when measured, then it is %i bytes', (text, bytes) => {
    expect(utf8ByteLength(text)).toBe(bytes);
  });

  it('given any string, when measured, then it matches TextEncoder', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(utf8ByteLength(text)).toBe(new TextEncoder().encode(text).byteLength);
      }),
    );
  });
});
