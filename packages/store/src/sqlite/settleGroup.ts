import type { WriteOutcome } from './groupCommit.js';
import type { SqliteDatabase } from './openSqliteDatabase.js';
import { shredDestroyedKeys } from './shredDestroyedKeys.js';
import { MAX_NOTICE_EVENT_CHARS, MAX_NOTICE_EVENTS, type AppendedEventRow, type EventsAppendedMessage } from '../ports/eventsAppendedChannel.js';
import type { AppendResult } from '../ports/EventStore.js';
import { appendedPosition } from '../writer/writeOperations.js';

/**
 * What the owner of the writing connection does once a group is over, before anyone is answered:
 * shreds destroyed keys (best effort: the group is committed whatever happens here, so a failed
 * truncate is reported and must not turn committed writes into errors) and returns the notice of
 * what the group appended, undefined if nothing.
 */
export function settleGroup(
  db: SqliteDatabase,
  outcomes: readonly WriteOutcome<unknown>[],
  report: (error: unknown) => void,
  headBefore?: number,
): EventsAppendedMessage | undefined {
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
 * A small group's events go with it (see appendedRows), so its subscribers need not read them.
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
  if (headBefore === undefined || position <= headBefore) return { position };
  const events = appendedRows(outcomes, headBefore, position);
  return events === undefined ? { from: headBefore, position, types: [...types] } : { from: headBefore, position, types: [...types], events };
}

/**
 * The rows a group inserted, rebuilt from its appends and their results (no read): each
 * command's events took the positions and versions up to its result's last ones, and a repeated
 * append (its result at or before the head the group started from) inserted nothing. Undefined
 * unless they are exactly every position of (headBefore, position], or when there are too many.
 */
function appendedRows(outcomes: readonly WriteOutcome<unknown>[], headBefore: number, position: number): AppendedEventRow[] | undefined {
  if (position - headBefore > MAX_NOTICE_EVENTS) return undefined;
  const rows: AppendedEventRow[] = [];
  let chars = 0;
  for (const outcome of outcomes) {
    if (!outcome.ok || outcome.operation.kind !== 'append') continue;
    const { commands, recordedAt } = outcome.operation;
    const results = outcome.result as readonly AppendResult[];
    for (const [i, command] of commands.entries()) {
      const result = results[i];
      if (result === undefined) return undefined;
      if (result.lastPosition <= headBefore) continue;
      const count = command.events.length;
      for (const [j, event] of command.events.entries()) {
        chars += event.data.length + (event.metadata?.length ?? 0);
        rows.push([
          result.lastPosition - count + 1 + j,
          command.streamId,
          result.nextExpectedVersion - count + 1 + j,
          event.eventId,
          event.type,
          event.data,
          event.metadata,
          recordedAt,
        ]);
      }
    }
  }
  if (chars > MAX_NOTICE_EVENT_CHARS || rows.length !== position - headBefore) return undefined;
  // The group's writes ran in order, so its rows are in log order already; anything else is refused.
  return rows.every((row, i) => row[0] === headBefore + 1 + i) ? rows : undefined;
}

/** Where a writer reports what it cannot answer to anyone. */
export function reportWriterProblem(error: unknown): void {
  console.error('sqlite store: after a commit:', error);
}
