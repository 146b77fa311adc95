import type { ExpectedVersion } from '../ports/EventStore.js';
import { WrongExpectedVersionError } from '../ports/WrongExpectedVersionError.js';

/**
 * Enforces all four expected-version forms against the stream's current version
 * (-1 when the stream does not exist). Throws WrongExpectedVersionError on mismatch.
 */
export function checkExpectedVersion(streamId: string, expected: ExpectedVersion, current: number): void {
  const ok = expected === 'any' || (expected === 'no_stream' && current < 0) || (expected === 'stream_exists' && current >= 0) || expected === current;
  if (!ok) throw new WrongExpectedVersionError(streamId, expected, current < 0 ? 'no_stream' : current);
}

/**
 * Whether an append that was committed starting at `firstVersion` could have been made with
 * `expected`: a retry is recognised as the same append only if its check matches the original.
 */
export function expectedVersionAllowsStartAt(expected: ExpectedVersion, firstVersion: number): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return firstVersion === 0;
  if (expected === 'stream_exists') return firstVersion > 0;
  return firstVersion === expected + 1;
}
