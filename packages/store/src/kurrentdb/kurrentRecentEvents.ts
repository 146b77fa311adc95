import { BACKWARDS, END, excludeSystemEvents, streamNameFilter, type KurrentDBClient } from '@kurrent/kurrentdb-client';
import type { RecordedEvent } from '../ports/events.js';
import { fromServerEvent } from './kurrentEventData.js';
import type { KurrentStreamNames } from './kurrentStreamNames.js';

/** The application's last `count` events (at most), newest first: the window searched for reused event ids. */
export async function readKurrentAllBackwards(client: KurrentDBClient, names: KurrentStreamNames, count: number): Promise<RecordedEvent[]> {
  const prefix = names.serverPrefix(undefined);
  const filter = prefix === undefined ? excludeSystemEvents() : streamNameFilter({ prefixes: [prefix] });
  const events: RecordedEvent[] = [];
  for await (const resolved of client.readAll({ fromPosition: END, direction: BACKWARDS, maxCount: count, filter, requiresLeader: true })) {
    const event = resolved.event && fromServerEvent(resolved.event, names);
    if (event) events.push(event);
  }
  return events;
}
