import type { WriteOutcome } from './groupCommit.js';
import type { SqliteDatabase } from './openSqliteDatabase.js';
import { shredDestroyedKeys } from './shredDestroyedKeys.js';
import type { EventsAppendedMessage } from '../ports/eventsAppendedChannel.js';
import { appendedPosition } from '../writer/writeOperations.js';

/**
 * What the owner of the writing connection does once a group is over, before anyone is answered:
 * shreds destroyed keys (best effort: the group is committed whatever happens here, so a failed
 * truncate is reported and must not turn committed writes into errors) and returns the notice of
 * what the group appended, undefined if nothing.
 */
export function settleGroup(db: SqliteDatabase, outcomes: readonly WriteOutcome<unknown>[], report: (error: unknown) => void, headBefore?: number): EventsAppendedMessage | undefined {
  try {
    shredDestroyedKeys(db, outcomes);
  } catch (error) {
    report(error);
  }
  return appendedNotice(outcomes, headBefore);
}

/**
 * The notice of a committed group: its last position and, given the head before the group, the
 * range and the types of its events. The types of every successful append are taken, repeated
 * ones (which wrote nothing) too: a superset is safe, a subscription only reads for nothing.
 * A group whose appends were all repeats wrote nothing new and is announced untyped, as before.
 */
export function appendedNotice(outcomes: readonly WriteOutcome<unknown>[], headBefore: number | undefined): EventsAppendedMessage | undefined {
  let position = 0;
  const types = new Set<string>();
  for (const outcome of outcomes) {
    if (!outcome.ok || outcome.operation.kind !== 'append') continue;
    position = Math.max(position, appendedPosition(outcome.operation, outcome.result));
    for (const command of outcome.operation.commands) for (const event of command.events) types.add(event.type);
  }
  if (position === 0) return undefined;
  return headBefore !== undefined && position > headBefore ? { from: headBefore, position, types: [...types] } : { position };
}

/** Where a writer reports what it cannot answer to anyone. */
export function reportWriterProblem(error: unknown): void {
  console.error('sqlite store: after a commit:', error);
}
