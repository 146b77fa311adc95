/**
 * Seeded pseudo-random numbers. Math.random would make price paths and ids unreproducible, and
 * benchmarks/demos must replay the same run from the same seed.
 */

/** A deterministic generator of floats in [0, 1). */
export type Prng = () => number;

/**
 * mulberry32: tiny, fast and good enough for simulated price noise; not for cryptography. Its
 * state only steps by a constant per draw, so `drawsBefore` starts it where a generator of the
 * same seed is after that many draws, at no cost: the paper venue skips the trade ids of the fills
 * it books from a tally instead of one by one.
 */
export function createPrng(seed: number, drawsBefore = 0): Prng {
  let state = (seed + Math.imul(drawsBefore, 0x6d2b79f5)) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Derives an independent sub-seed (e.g. one stream per coin) so adding a coin doesn't shift the others. */
export function deriveSeed(seed: number, label: string): number {
  let h = (seed ^ 0x9e3779b9) >>> 0;
  for (let i = 0; i < label.length; i += 1) h = Math.imul(h ^ label.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** Standard normal draw (Box–Muller). */
export function normalDraw(rng: Prng): number {
  const u = Math.max(rng(), Number.EPSILON);
  const v = rng();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** Draws of the generator one {@link int50} takes. */
export const INT50_DRAWS = 2;

/** Integer in [0, 2^50): two draws, because one float carries only 32 random bits. */
export function int50(rng: Prng): number {
  return Math.floor(rng() * 2 ** 18) * 2 ** 32 + Math.floor(rng() * 2 ** 32);
}
