import type { EventFilter } from '../ports/Subscription.js';

/**
 * Whether an event of `streamId` and `type` passes the port's filter, as a store applies it in its
 * query: where the filter runs here instead (KurrentDB applies only the prefix on the server, and
 * an append notice's events are filtered before they are parsed).
 */
export function matchesEventFilter(filter: EventFilter | undefined, streamId: string, type: string): boolean {
  if (!filter) return true;
  if (filter.streamPrefix !== undefined && !streamId.startsWith(filter.streamPrefix)) return false;
  return filter.types === undefined || filter.types.includes(type);
}
