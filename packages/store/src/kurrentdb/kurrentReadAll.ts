import {
  BACKWARDS,
  END,
  excludeSystemEvents,
  FORWARDS,
  START,
  streamNameFilter,
  type Filter,
  type KurrentDBClient,
  type Position,
} from '@kurrent/kurrentdb-client';
import { assertInteger } from '../guards/assertions.js';
import { matchesEventFilter } from '../guards/matchesEventFilter.js';
import type { ReadAllOptions } from '../ports/EventStore.js';
import type { GlobalPosition, RecordedEvent } from '../ports/events.js';
import { fromServerEvent } from './kurrentEventData.js';
import { toGlobalPosition, toServerPosition } from './kurrentPositions.js';
import type { KurrentStreamNames } from './kurrentStreamNames.js';

const DEFAULT_MAX_COUNT = 1000;
/** Events asked of the server per page; pages repeat until `maxCount` events matched or the log ends. */
const PAGE_SIZE = 1000;

/**
 * The port's readAll over `$all`: only the application's events (no `$` streams or types, only
 * this namespace), after `fromPosition` (exclusive), at most `maxCount` events *that match the
 * filter*. That last point matters: a catch-up subscription takes a short page as "scanned up
 * to the head", so a page cut short by filtering would make it skip events. The stream prefix
 * (with the namespace) is filtered by the server; event types, which a server filter cannot
 * combine with a stream filter, are filtered here, and reading goes on page after page.
 */
export async function readKurrentAll(client: KurrentDBClient, names: KurrentStreamNames, options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
  const after = options.fromPosition ?? 0;
  const maxCount = options.maxCount ?? DEFAULT_MAX_COUNT;
  assertInteger(after, 'fromPosition');
  assertInteger(maxCount, 'maxCount');
  const filter = options.filter;
  if (maxCount === 0 || (filter?.types !== undefined && filter.types.length === 0)) return [];
  const serverFilter = toServerFilter(names, filter?.streamPrefix);

  const matched: RecordedEvent[] = [];
  // Everything at or before the cursor has been handed over or skipped. Forward reads include
  // the position they start from, so each page after the first repeats the previous page's
  // last event: the cursor moves with the pages, or that event would be returned twice.
  let cursor = after;
  let from: Position | typeof START = after === 0 ? START : toServerPosition(after);
  let first = true;
  while (matched.length < maxCount) {
    const page = await readPage(client, from, PAGE_SIZE, serverFilter, first && after > 0);
    first = false;
    for (const resolved of page.events) {
      if (resolved.position <= cursor) continue;
      cursor = resolved.position;
      const event = fromServerEvent(resolved.event, names);
      if (!event || !matchesEventFilter(filter, event.streamId, event.type)) continue; // the server only applied the stream prefix
      matched.push(event);
      if (matched.length === maxCount) break;
    }
    if (page.exhausted) break;
    from = toServerPosition(page.lastPosition);
  }
  return matched;
}

/**
 * Position of the application's last event (0 when there is none): `$all` read backwards from
 * the end with the namespace's (or the no-system-events) server filter, page by page until an
 * application event shows up.
 */
export async function readKurrentHead(client: KurrentDBClient, names: KurrentStreamNames): Promise<GlobalPosition> {
  const serverFilter = toServerFilter(names, undefined);
  let from: Position | typeof END = END;
  for (;;) {
    const events = client.readAll({ fromPosition: from, direction: BACKWARDS, maxCount: 100, filter: serverFilter, requiresLeader: true });
    let count = 0;
    let last: Position | undefined;
    for await (const resolved of events) {
      count += 1;
      if (!resolved.event) continue;
      last = resolved.event.position;
      if (fromServerEvent(resolved.event, names)) return toGlobalPosition(resolved.event.position, `event ${resolved.event.id}`);
    }
    if (count < 100 || last === undefined) return 0;
    from = last; // backwards reads exclude the position they start from
  }
}

type PositionedEvent = { readonly event: Parameters<typeof fromServerEvent>[0]; readonly position: GlobalPosition };
type Page = { readonly events: PositionedEvent[]; readonly exhausted: boolean; readonly lastPosition: GlobalPosition };

/**
 * One page forwards from `from` (inclusive). A position that is not an event's (say, a number
 * computed by the caller) is not a record boundary in KurrentDB's log and the server refuses
 * it; the page is then read from the start of `$all` instead, and the caller's `position <=
 * after` skip makes the result the same, only slower.
 */
async function readPage(client: KurrentDBClient, from: Position | typeof START, count: number, filter: Filter, mayFallBack: boolean): Promise<Page> {
  try {
    return await collectPage(client, from, count, filter);
  } catch (error) {
    if (!mayFallBack) throw error;
    return collectPage(client, START, count, filter);
  }
}

async function collectPage(client: KurrentDBClient, from: Position | typeof START, count: number, filter: Filter): Promise<Page> {
  const events: PositionedEvent[] = [];
  let received = 0;
  let lastPosition = 0;
  for await (const resolved of client.readAll({ fromPosition: from, direction: FORWARDS, maxCount: count, filter, requiresLeader: true })) {
    received += 1;
    if (!resolved.event) continue;
    lastPosition = toGlobalPosition(resolved.event.position, `event ${resolved.event.id}`);
    events.push({ event: resolved.event, position: lastPosition });
  }
  return { events, exhausted: received < count || lastPosition === 0, lastPosition };
}

/** The server-side filter: the namespace and stream prefix when there is one, else "no system events". */
function toServerFilter(names: KurrentStreamNames, streamPrefix: string | undefined): Filter {
  const prefix = names.serverPrefix(streamPrefix);
  return prefix === undefined ? excludeSystemEvents() : streamNameFilter({ prefixes: [prefix] });
}
