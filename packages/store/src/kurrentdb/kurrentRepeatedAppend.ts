import type { KurrentDBClient } from '@kurrent/kurrentdb-client';
import type { PreparedAppend } from '../guards/prepareAppendCommands.js';
import { repeatedAppendResult, type StoredEventRef } from '../guards/repeatedAppend.js';
import type { AppendResult } from '../ports/EventStore.js';
import type { RecordedEvent } from '../ports/events.js';
import { readKurrentAllBackwards } from './kurrentRecentEvents.js';
import { readStreamWindow } from './kurrentReadStream.js';
import type { KurrentStreamNames } from './kurrentStreamNames.js';

/**
 * The port's idempotency rules (guards/repeatedAppend.ts) on KurrentDB, which has no index by
 * event id. Only appends with caller-provided ids are looked up (generated ids are fresh). The
 * ids are searched where a repeat can be:
 * - the exact place a retry with a numeric or `no_stream` expected version was written to;
 * - the target stream's last `window` events (retries with `any` / `stream_exists`, partial or
 *   reordered reuse in the same stream);
 * - the namespace's last `window` events in `$all` (reuse in another stream).
 * Reuse older than these windows is not seen: such an append is then written (or refused by
 * the expected-version check) as KurrentDB decides, where KurrentDB's own idempotency check
 * still recognises an exact retry whose expected version matches.
 */
export async function findRepeatedKurrentAppend(
  client: KurrentDBClient,
  names: KurrentStreamNames,
  command: PreparedAppend,
  window: number,
): Promise<AppendResult | undefined> {
  const provided = command.events.filter((event) => event.idProvided);
  if (provided.length === 0) return undefined;
  const tail = await readStreamWindow(client, names, command.streamId, { fromRevision: 'end', maxCount: window, backwards: true });
  const currentVersion = tail[0]?.streamVersion ?? -1;
  const found = new Map<string, StoredEventRef>();
  const remember = (events: readonly RecordedEvent[]) => {
    for (const event of events) found.set(event.eventId, event);
  };
  remember(tail);
  const retryStart = expectedStart(command);
  const tailStart = tail.at(-1)?.streamVersion ?? 0;
  if (retryStart !== undefined && retryStart < tailStart) {
    remember(await readStreamWindow(client, names, command.streamId, { fromRevision: retryStart, maxCount: command.events.length }));
  }
  if (provided.some((event) => !found.has(event.eventId))) remember(await readKurrentAllBackwards(client, names, window));
  return repeatedAppendResult(
    command,
    provided.map((event) => found.get(event.eventId)),
    currentVersion,
  );
}

/** Where the original of a retry would start, when its expected version says. */
function expectedStart(command: PreparedAppend): number | undefined {
  if (command.expectedVersion === 'no_stream') return 0;
  return typeof command.expectedVersion === 'number' ? command.expectedVersion + 1 : undefined;
}
