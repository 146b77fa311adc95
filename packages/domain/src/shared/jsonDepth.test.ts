import { describe, expect, it } from 'vitest';
import { jsonDepthWithin } from './jsonDepth.js';

describe('jsonDepthWithin', () => {
  it('given nesting up to the limit, then true; one deeper, false', () => {
    expect(jsonDepthWithin('{"a":[1,{"b":[]}]}', 4)).toBe(true);
    expect(jsonDepthWithin('{"a":[1,{"b":[]}]}', 3)).toBe(false);
    expect(jsonDepthWithin(`${'['.repeat(20_000)}${']'.repeat(20_000)}`, 64)).toBe(false);
  });

  it('given brackets inside strings, also after escaped quotes, then they do not count', () => {
    expect(jsonDepthWithin('{"a":"[[[[{{{{","b":"\\"[[[["}', 1)).toBe(true);
    expect(jsonDepthWithin('["\\\\",[[]]]', 2)).toBe(false);
  });
});
