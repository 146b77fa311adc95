import { timingSafeEqual } from 'node:crypto';

/**
 * True when two secret hashes are the same string, compared in constant time so the answer's
 * timing says nothing about how many leading characters of a guess were right. The strings are
 * compared as bytes rather than decoded from hex: a malformed stored value then simply differs
 * instead of decoding to a shorter buffer and making timingSafeEqual throw. Only the length can
 * leak, and every hash has the same public length.
 */
export function secretHashesEqual(expected: string, actual: string | null | undefined): boolean {
  if (typeof actual !== 'string') return false;
  const left = Buffer.from(expected, 'utf8');
  const right = Buffer.from(actual, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}
