import { keccak256, stringToBytes } from 'viem';

/**
 * Namespace mixed into every derived cloid. Versioned so that a future change of derivation
 * cannot silently collide with cloids already on the venue for old signals.
 */
export const CLOID_NAMESPACE = 'hyperhook:signal-entry:v1:';

const CLOID_SHAPE = /^0x[0-9a-f]{32}$/;

/**
 * Derives the client order id of a signal's entry order: `0x` + the first 32 hex characters of
 * keccak256(namespace + signalId), lower case.
 *
 * Deterministic on purpose: after a crash or a timeout the executor derives the same cloid again
 * and asks the exchange for it (`orderStatus`) instead of sending a second order, so one signal
 * can never open two positions. Lower case because the venue signs hex fields as bytes: an
 * upper-case cloid hashes differently from the one the server re-serialises (reference §2.3).
 */
export function cloidForSignal(signalId: string): `0x${string}` {
  if (signalId.length === 0) throw new Error('cloidForSignal needs a non-empty signal id');
  const digest = keccak256(stringToBytes(CLOID_NAMESPACE + signalId));
  return `0x${digest.slice(2, 34)}`;
}

/**
 * The client order ids of a signal's ladder of `orders` (issue 41): the first is the signal's own
 * (cloidForSignal, what OrderSubmitted records and reconciling asks for), each other one derived
 * from the signal and its place in the ladder, so a retry after a crash sends the same ids and the
 * venue's duplicate-cloid rule and reconciling keep it to one ladder.
 */
export function ladderCloids(signalId: string, orders: number): `0x${string}`[] {
  return Array.from({ length: orders }, (_, leg) => (leg === 0 ? cloidForSignal(signalId) : cloidForSignal(`${signalId}:ladder:${leg}`)));
}

/** True when `value` is a canonical cloid (16 bytes, lower-case hex), the only form the client sends. */
export function isCloid(value: string): value is `0x${string}` {
  return CLOID_SHAPE.test(value);
}
