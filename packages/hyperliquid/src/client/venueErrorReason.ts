import type { OutcomeReason } from './exchangeOutcome.js';

/** How a venue error text is read: a reason code, whether retrying later may help, and advice. */
export interface VenueErrorReading {
  reason: OutcomeReason;
  transient: boolean;
  hint?: string;
}

const SIGNER_HINT =
  'Hyperliquid does not recognise the API wallet that signed this order for your account. ' +
  'It may have expired, been replaced or never been authorized: authorize it again at app.hyperliquid.xyz → More → API ' +
  'and save the key again.';

/**
 * Per-order errors (`statuses[i].error`). Texts from reference §1.6; the venue usually appends
 * " asset=N", so they are matched by fragment. None is transient: the same order would fail again.
 */
const ORDER_ERRORS: ReadonlyArray<[RegExp, OutcomeReason]> = [
  [/minimum value/i, 'minNotional'],
  [/insufficient margin/i, 'insufficientMargin'],
  [/reduce only order would increase position/i, 'reduceOnly'],
  [/could not immediately match|no liquidity/i, 'noLiquidity'],
  [/tick size|invalid price/i, 'invalidPrice'],
  [/invalid size/i, 'invalidSize'],
  [/tp\/sl/i, 'invalidTpsl'],
  [/post only/i, 'postOnly'],
  [/away from the reference price|too far from oracle/i, 'priceBand'],
  [/open interest/i, 'openInterestCap'],
];

/** Reads a per-order error text. */
export function readOrderError(text: string): VenueErrorReading {
  for (const [pattern, reason] of ORDER_ERRORS) if (pattern.test(text)) return { reason, transient: false };
  return { reason: 'orderRejected', transient: false };
}

/**
 * Top-level `{"status":"err","response":"…"}` texts. A top-level error means the action was
 * refused as a whole before execution, so nothing was applied; some causes pass with time.
 */
export function readTopLevelError(text: string): VenueErrorReading {
  // A nonce clash (two processes on one API wallet, clock skew) passes with a fresh nonce.
  if (/invalid nonce/i.test(text)) return { reason: 'nonce', transient: true };
  // Address budget exhausted: the venue allows one action per 10 s until volume frees more.
  if (/too many cumulative requests|rate limit/i.test(text)) return { reason: 'rateLimited', transient: true };
  if (/already expired/i.test(text) && !/agent/i.test(text)) return { reason: 'expired', transient: true };
  if (/api wallet .* does not exist|must deposit before performing actions|unable to recover signer|agent valid_until/i.test(text)) {
    return { reason: 'signer', transient: false, hint: SIGNER_HINT };
  }
  if (/leverage/i.test(text)) return { reason: 'leverageRejected', transient: false };
  return { reason: 'exchangeError', transient: false };
}
