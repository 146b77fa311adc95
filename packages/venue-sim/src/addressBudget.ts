/**
 * Per-address action budget (reference §4.1): 10 000 initial requests plus one per USDC of
 * cumulative traded volume; cancels get `min(cap + 100000, 2·cap)`. A batch of n orders costs n.
 */

/** Requests every address may send before trading anything. */
export const INITIAL_REQUEST_BUFFER = 10_000;

/** The budget shown by `userRateLimit.nRequestsCap`. */
export function requestCap(cumVlm: number): number {
  return INITIAL_REQUEST_BUFFER + Math.floor(cumVlm);
}

/**
 * The venue's refusal when `used + weight` exceeds the cap, or null when the action fits.
 * `isCancel` raises the cap, because cancels must stay possible for a throttled account.
 */
export function checkAddressBudget(used: number, weight: number, cumVlm: number, isCancel: boolean): string | null {
  const base = requestCap(cumVlm);
  const cap = isCancel ? Math.min(base + 100_000, 2 * base) : base;
  const wanted = used + weight;
  if (wanted <= cap) return null;
  return (
    `Too many cumulative requests sent (${wanted} > ${cap}) for cumulative volume traded $${cumVlm.toFixed(2)}. ` +
    'Place taker orders to free up 1 request per USDC traded.'
  );
}
