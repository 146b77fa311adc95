import type { Position } from '@kurrent/kurrentdb-client';
import type { GlobalPosition } from '../ports/events.js';

/**
 * KurrentDB's `$all` position → the port's GlobalPosition. Events written without explicit
 * transactions (the only kind gRPC clients write) have commit = prepare = the event's own log
 * position, so the commit position is per event and strictly increasing in commit order.
 * It is a byte offset: it must still fit a safe integer (a log past 8 PiB would not).
 */
export function toGlobalPosition(position: Position | undefined, what: string): GlobalPosition {
  if (position === undefined) {
    throw new Error(`KurrentDB returned no position for ${what}: this adapter needs KurrentDB 22.6 or later`);
  }
  const value = Number(position.commit);
  if (!Number.isSafeInteger(value) || BigInt(value) !== position.commit) {
    throw new RangeError(`KurrentDB commit position ${position.commit} of ${what} is not a safe integer: the port's GlobalPosition cannot represent it`);
  }
  return value;
}

/** The port's position → the KurrentDB position of the event stored there (commit = prepare, see above). */
export function toServerPosition(position: GlobalPosition): Position {
  const value = BigInt(position);
  return { commit: value, prepare: value };
}
