/** The simulator's mark-price walk ticks every priceTickMs, and not at all when it is null. */
import { describe, expect, it, vi } from 'vitest';
import { startSimulator } from './startSimulator.js';
import { info } from './testing/harness.js';

describe('mark-price walk of a running simulator', () => {
  it('given priceTickMs null, then mids never move; given a short tick, then they do', async () => {
    const frozen = await startSimulator({ priceTickMs: null });
    const walking = await startSimulator({ priceTickMs: 5, seed: 3 });
    try {
      const frozenBefore = await info(frozen.url, { type: 'allMids' });
      // The walking mids move: wait for a change, twice over (at least two ticks of its walk).
      let walked = await info(walking.url, { type: 'allMids' });
      for (let change = 0; change < 2; change += 1) {
        const previous = walked;
        await vi.waitFor(async () => {
          walked = await info(walking.url, { type: 'allMids' });
          expect(walked).not.toEqual(previous);
        });
      }
      // The frozen ones, read after those changes, have not moved.
      expect(await info(frozen.url, { type: 'allMids' })).toEqual(frozenBefore);
    } finally {
      await frozen.close();
      await walking.close();
    }
  });
});
