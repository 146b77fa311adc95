import { describe, expect, it } from 'vitest';
import { chunksUnder } from './openKurrentCopyTarget.js';

describe("the KurrentDB copy target: runs of a stream cut under the server's append size", () => {
  it('given items whose sizes add up past the limit, then consecutive chunks each under it, in order', () => {
    expect(chunksUnder([300, 300, 300, 100, 500], (size) => size, 600)).toEqual([[300, 300], [300, 100], [500]]);
  });

  it('given one item over the limit alone, then it is a chunk of its own', () => {
    expect(chunksUnder([100, 900, 100], (size) => size, 600)).toEqual([[100], [900], [100]]);
  });
});
