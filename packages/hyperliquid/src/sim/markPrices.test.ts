/** The seeded mark-price walk: deterministic per seed, on the price grid, frozen when priceTickMs is null. */
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_ASSETS } from './assets.js';
import { MarkPrices, nextMark } from './markPrices.js';
import { isValidSimPrice, priceToWire } from './priceRules.js';
import { createPrng } from './prng.js';
import { startSimulator } from './startSimulator.js';
import { info } from './testing/harness.js';

const path = (seed: number, steps = 20) => {
  const m = new MarkPrices(DEFAULT_ASSETS, seed);
  const out: number[] = [];
  for (let i = 0; i < steps; i += 1) {
    m.step();
    out.push(m.get('BTC'), m.get('kPEPE'));
  }
  return out;
};

describe('mark-price walk', () => {
  it('given the same seed, then the same path; another seed, another path', () => {
    expect(path(42)).toEqual(path(42));
    expect(path(42)).not.toEqual(path(43));
  });

  it('given many steps, then every mark stays positive and on the price grid', () => {
    const rng = createPrng(1);
    for (const asset of DEFAULT_ASSETS) {
      let mark = asset.markPx;
      for (let i = 0; i < 200; i += 1) {
        mark = nextMark(rng, mark, asset.szDecimals);
        expect(mark).toBeGreaterThan(0);
        expect(isValidSimPrice(priceToWire(mark, asset.szDecimals), asset.szDecimals)).toBe(true);
      }
    }
  });

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
