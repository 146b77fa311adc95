import type { WriteOutcome } from './groupCommit.js';
import type { SqliteDatabase } from './openSqliteDatabase.js';
import { shredDestroyedKeys } from './shredDestroyedKeys.js';
import { appendedPosition } from '../writer/writeOperations.js';

/**
 * What the owner of the writing connection does once a group is over, before anyone is answered:
 * shreds destroyed keys (best effort: the group is committed whatever happens here, so a failed
 * truncate is reported and must not turn committed writes into errors) and returns the last
 * position the group appended, 0 if none.
 */
export function settleGroup(db: SqliteDatabase, outcomes: readonly WriteOutcome<unknown>[], report: (error: unknown) => void): number {
  try {
    shredDestroyedKeys(db, outcomes);
  } catch (error) {
    report(error);
  }
  let lastPosition = 0;
  for (const outcome of outcomes) if (outcome.ok) lastPosition = Math.max(lastPosition, appendedPosition(outcome.operation, outcome.result));
  return lastPosition;
}

/** Where a writer reports what it cannot answer to anyone. */
export function reportWriterProblem(error: unknown): void {
  console.error('sqlite store: after a commit:', error);
}
