/** The seeded generator started part-way: the paper venue skips trade ids by it. */
import { describe, expect, it } from 'vitest';
import { createPrng } from './prng.js';

describe('createPrng', () => {
  it('given a generator started after n draws, when it draws, then it yields what the same seed yields after n draws', () => {
    for (const [seed, skipped] of [
      [1, 0],
      [1, 1],
      [7, 20_000],
      [0xfffffff0, 123_457],
    ] as const) {
      const walked = createPrng(seed);
      for (let i = 0; i < skipped; i += 1) walked();
      const started = createPrng(seed, skipped);
      expect([started(), started(), started()]).toEqual([walked(), walked(), walked()]);
    }
  });

  it('given another number of draws skipped, then another sequence', () => {
    expect(createPrng(1, 10)()).not.toEqual(createPrng(1, 11)());
  });
});
