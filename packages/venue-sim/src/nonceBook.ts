/**
 * Per-signer nonce bookkeeping (reference §2.5): the 100 highest nonces are kept per signer; a new
 * nonce must be unused, greater than the smallest kept one once 100 are stored, and inside
 * (now − 2 days, now + 1 day). `check` and `commit` are separate so that requests refused at the
 * top level (signature, expiry, 429, pre-validation) never consume their nonce.
 */

/** How many nonces are remembered per signer. */
export const NONCES_KEPT = 100;
/** Oldest acceptable nonce relative to now. */
export const NONCE_MAX_AGE_MS = 2 * 24 * 60 * 60 * 1000;
/** Furthest-ahead acceptable nonce relative to now. */
export const NONCE_MAX_LEAD_MS = 24 * 60 * 60 * 1000;

/** Checks a nonce against the clock alone (it needs no signer, so it runs before recovery). */
export function checkNonceWindow(nonce: number, now: number): string | null {
  const oldest = now - NONCE_MAX_AGE_MS;
  const newest = now + NONCE_MAX_LEAD_MS;
  if (nonce <= oldest) return `Invalid nonce: nonce too low ${nonce} < ${oldest}`;
  if (nonce >= newest) return `Invalid nonce: nonce too high ${nonce} > ${newest}`;
  return null;
}

/** Nonce sets of every signer seen so far (keys are lowercase addresses). */
export class NonceBook {
  private readonly sets = new Map<string, number[]>();

  /** Error string for a nonce this signer may not use, or null when it is acceptable. */
  check(signer: string, nonce: number): string | null {
    const kept = this.sets.get(signer) ?? [];
    if (kept.includes(nonce)) return `Invalid nonce: duplicate nonce ${nonce}`;
    const smallest = kept[0];
    if (kept.length >= NONCES_KEPT && smallest !== undefined && nonce < smallest) {
      return `Invalid nonce: nonce too low ${nonce} < ${smallest}`;
    }
    return null;
  }

  /** Records a used nonce, forgetting the smallest once more than {@link NONCES_KEPT} are kept. */
  commit(signer: string, nonce: number): void {
    const kept = this.sets.get(signer) ?? [];
    const at = kept.findIndex((n) => n > nonce);
    kept.splice(at < 0 ? kept.length : at, 0, nonce);
    while (kept.length > NONCES_KEPT) kept.shift();
    this.sets.set(signer, kept);
  }
}
