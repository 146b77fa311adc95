/** The venue refuses a nonce more than a day ahead of its own time (reference §2.5); kept a margin inside it. */
const MAX_NONCE_AHEAD_MS = 23 * 3_600_000;

/**
 * The floor every signer's nonces start above at an executor's start (issue 32, point 3): the
 * highest nonce recorded, so a wall clock set back while the executor was down does not sign a
 * nonce the venue already saw, or one below the smallest of its signer's 100 highest. Undefined
 * when nothing was recorded, or when the highest is further ahead of `now` than the venue accepts:
 * a floor there would have every action refused until the clock caught up, so the clock alone is
 * used and the caller says so.
 */
export function nonceFloorOf(recorded: readonly number[], now: number): { readonly floor: number } | { readonly tooFarAhead: number } | undefined {
  if (recorded.length === 0) return undefined;
  const highest = Math.max(...recorded);
  return highest > now + MAX_NONCE_AHEAD_MS ? { tooFarAhead: highest } : { floor: highest };
}
