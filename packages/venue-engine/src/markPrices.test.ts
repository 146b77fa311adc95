/** The seeded mark-price walk: deterministic per seed, on the price grid. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_ASSETS } from './assets.js';
import { MarkPrices, nextMark } from './markPrices.js';
import { isValidSimPrice, priceToWire } from './priceRules.js';
import { createPrng } from './prng.js';

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
});
