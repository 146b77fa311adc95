import { z } from 'zod';

/**
 * Notifier channel on which an event store announces, after commit, that the log grew.
 * Catch-up subscriptions listen to it to wake without polling delay.
 */
export const EVENTS_APPENDED_CHANNEL = 'store.events.appended';

/**
 * Message published on EVENTS_APPENDED_CHANNEL. With `from` and `types` it is exact: the events
 * at positions (from, position] are the commit's, all of them, and their types are among
 * `types`. A subscription at `from` whose filter takes none of those types then moves to
 * `position` without reading. Without them it only says that the log grew to `position`.
 */
export const EventsAppendedMessageSchema = z
  .object({
    /** Position of the last event of the commit. */
    position: z.number().int().nonnegative(),
    /** Position just before the commit's first event. */
    from: z.number().int().nonnegative().optional(),
    /** Every type among the commit's events (a superset is allowed: it only costs a read). */
    types: z.array(z.string()).readonly().optional(),
  })
  .readonly()
  .refine((m) => (m.from === undefined) === (m.types === undefined) && (m.from === undefined || m.from < m.position), { message: 'from and types come together, and from is before position' });

/** Message published on EVENTS_APPENDED_CHANNEL. */
export type EventsAppendedMessage = z.infer<typeof EventsAppendedMessageSchema>;

/** The notice as a subscription may act on it: an invalid one (another process's, say) only says the log may have grown. */
export function readAppendedNotice(message: unknown): EventsAppendedMessage | undefined {
  const parsed = EventsAppendedMessageSchema.safeParse(message);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Two notices as one (a store publishes one per turn of the event loop): still exact when the
 * second begins where the first ends, else only the highest position.
 */
export function mergeAppendedNotices(first: EventsAppendedMessage, next: EventsAppendedMessage): EventsAppendedMessage {
  const position = Math.max(first.position, next.position);
  if (first.from === undefined || first.types === undefined || next.from === undefined || next.types === undefined || next.from !== first.position) return { position };
  return { from: first.from, position, types: [...new Set([...first.types, ...next.types])] };
}
