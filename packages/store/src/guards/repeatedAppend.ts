import { DuplicateEventIdError } from '../ports/DuplicateEventIdError.js';
import type { AppendResult } from '../ports/EventStore.js';
import { WrongExpectedVersionError } from '../ports/WrongExpectedVersionError.js';
import { expectedVersionAllowsStartAt } from './checkExpectedVersion.js';
import type { PreparedAppend } from './prepareAppendCommands.js';

/** Where a stored event sits, as an adapter looks it up by id. */
export type StoredEventRef = { readonly streamId: string; readonly streamVersion: number; readonly globalPosition: number };

/**
 * KurrentDB-style idempotent appends, decided for any adapter: when every event id of the
 * command is already stored, as one run in this stream, in this order, and the command's
 * expected version matches where that run starts, the command is a retry of a committed append
 * (say, after a timeout) and gets the original result back. Any other reuse of stored ids is a
 * DuplicateEventIdError. `found` holds, for each caller-provided id in order, where it is stored.
 */
export function repeatedAppendResult(
  command: PreparedAppend,
  found: readonly (StoredEventRef | undefined)[],
  currentVersion: number,
): AppendResult | undefined {
  const stored = found.filter((ref): ref is StoredEventRef => ref !== undefined);
  const first = stored[0];
  const last = stored.at(-1);
  if (first === undefined || last === undefined) return undefined;

  const isExactRepeat =
    stored.length === command.events.length && stored.every((ref, i) => ref.streamId === command.streamId && ref.streamVersion === first.streamVersion + i);
  if (!isExactRepeat) {
    const provided = command.events.filter((event) => event.idProvided);
    throw new DuplicateEventIdError(
      command.streamId,
      provided.filter((_, i) => found[i] !== undefined).map((event) => event.eventId),
    );
  }
  if (!expectedVersionAllowsStartAt(command.expectedVersion, first.streamVersion)) {
    throw new WrongExpectedVersionError(command.streamId, command.expectedVersion, currentVersion < 0 ? 'no_stream' : currentVersion);
  }
  return { nextExpectedVersion: last.streamVersion, lastPosition: last.globalPosition };
}
