/**
 * Mark prices (mark = mid = oracle in the simulator) and their seeded random walk. Each coin has
 * its own PRNG stream derived from the seed and the coin name, so a given seed always yields the
 * same path per coin regardless of the other coins.
 */
import { createPrng, deriveSeed, normalDraw, type Prng } from './prng.js';
import { roundPriceToTick } from './priceRules.js';
import type { SimAsset } from './types.js';

/** Per-tick volatility of the walk (5 bp): visible movement without constant trigger storms. */
export const WALK_SIGMA = 0.0005;

/** One step of the walk: lognormal move, rounded onto the price grid; never reaches 0. */
export function nextMark(rng: Prng, mark: number, szDecimals: number, sigma = WALK_SIGMA): number {
  const moved = roundPriceToTick(mark * Math.exp(sigma * normalDraw(rng)), szDecimals, 'nearest');
  return moved > 0 ? moved : mark;
}

/** Current marks of every coin plus the walk state. */
export class MarkPrices {
  private readonly marks = new Map<string, number>();
  private readonly rngs = new Map<string, Prng>();
  private readonly initial = new Map<string, number>();

  constructor(
    private readonly assets: readonly SimAsset[],
    seed: number,
  ) {
    for (const a of assets) {
      this.marks.set(a.name, a.markPx);
      this.initial.set(a.name, a.markPx);
      this.rngs.set(a.name, createPrng(deriveSeed(seed, a.name)));
    }
  }

  /** Current mark of a coin (throws on an unknown coin: callers resolve names first). */
  get(coin: string): number {
    const px = this.marks.get(coin);
    if (px === undefined) throw new Error(`unknown coin ${coin}`);
    return px;
  }

  /** Mark at start (reported as `prevDayPx`). */
  initialOf(coin: string): number {
    return this.initial.get(coin) ?? this.get(coin);
  }

  /** Overrides a mark (tests, control API). */
  set(coin: string, px: number): void {
    if (!this.marks.has(coin)) throw new Error(`unknown coin ${coin}`);
    if (!(px > 0) || !Number.isFinite(px)) throw new Error(`invalid mark ${px} for ${coin}`);
    this.marks.set(coin, px);
  }

  /** Advances every coin by one walk step; returns the coins in universe order. */
  step(): string[] {
    for (const a of this.assets) {
      const rng = this.rngs.get(a.name);
      if (rng) this.marks.set(a.name, nextMark(rng, this.get(a.name), a.szDecimals));
    }
    return this.assets.map((a) => a.name);
  }
}
