/**
 * The seed of this run's property tests: `FUZZ_SEED` replays a run, else a fresh one. Printed
 * once, so a failure in CI can be replayed from its log (fast-check also names the seed and the
 * shrunk path of a failing case).
 */
export function fuzzSeed(suite: string): number {
  const given = process.env.FUZZ_SEED;
  const seed = given === undefined || given === '' ? Math.floor(Math.random() * 2 ** 31) : Number(given);
  if (!Number.isSafeInteger(seed)) throw new Error(`FUZZ_SEED must be an integer, got ${given}`);
  console.log(`${suite}: fuzz seed ${seed} (FUZZ_SEED=${seed} replays this run)`);
  return seed;
}

/** How many cases each property tries: FUZZ_RUNS for a longer hunt outside CI. */
export function fuzzRuns(fallback: number): number {
  const given = Number(process.env.FUZZ_RUNS);
  return Number.isSafeInteger(given) && given > 0 ? given : fallback;
}
