import { z } from 'zod';

/**
 * Notifier channel on which an event store announces, after commit, that the log grew.
 * Catch-up subscriptions listen to it to wake without polling delay.
 */
export const EVENTS_APPENDED_CHANNEL = 'store.events.appended';

/**
 * One appended event as a notice carries it, with its JSON columns still text (only a subscriber
 * that takes it parses them): global position, stream id, stream version, event id, type, data,
 * metadata, recorded at (ms).
 */
export const AppendedEventRowSchema = z
  .tuple([z.number().int().positive(), z.string(), z.number().int().nonnegative(), z.string(), z.string(), z.string(), z.string().nullable(), z.number()])
  .readonly();
/** One appended event in a notice. */
export type AppendedEventRow = z.infer<typeof AppendedEventRowSchema>;

/**
 * Message published on EVENTS_APPENDED_CHANNEL. With `from` and `types` it is exact: the events
 * at positions (from, position] are the commit's, all of them, and their types are among
 * `types`. A subscription at `from` whose filter takes none of those types then moves to
 * `position` without reading. Without them it only says that the log grew to `position`.
 * With `events` as well (a commit small enough to carry), they are those events, in order: a
 * subscription at `from` takes the ones its filter wants from the notice instead of reading them.
 */
export const EventsAppendedMessageSchema = z
  .object({
    /** Position of the last event of the commit. */
    position: z.number().int().nonnegative(),
    /** Position just before the commit's first event. */
    from: z.number().int().nonnegative().optional(),
    /** Every type among the commit's events (a superset is allowed: it only costs a read). */
    types: z.array(z.string()).readonly().optional(),
    /** Every event at (from, position], in order. */
    events: z.array(AppendedEventRowSchema).readonly().optional(),
  })
  .readonly()
  .refine((m) => (m.from === undefined) === (m.types === undefined) && (m.from === undefined || m.from < m.position), {
    message: 'from and types come together, and from is before position',
  })
  .refine(
    (m) =>
      m.events === undefined ||
      (m.from !== undefined && m.events.length === m.position - m.from && m.events.every((row, i) => row[0] === (m.from ?? 0) + 1 + i)),
    {
      message: 'events are every event of (from, position], in order',
    },
  );

/** Message published on EVENTS_APPENDED_CHANNEL. */
export type EventsAppendedMessage = z.infer<typeof EventsAppendedMessageSchema>;

/** The notice as a subscription may act on it: an invalid one (another process's, say) only says the log may have grown. */
export function readAppendedNotice(message: unknown): EventsAppendedMessage | undefined {
  if (typeof message !== 'object' || message === null) return parseNotice(message);
  // Every subscription of a thread hears the same message object: it is checked once.
  if (checkedNotices.has(message)) return checkedNotices.get(message);
  const notice = parseNotice(message);
  checkedNotices.set(message, notice);
  return notice;
}

const checkedNotices = new WeakMap<object, EventsAppendedMessage | undefined>();

function parseNotice(message: unknown): EventsAppendedMessage | undefined {
  const parsed = EventsAppendedMessageSchema.safeParse(message);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Two notices as one (a store publishes one per turn of the event loop): still exact when the
 * second begins where the first ends, else only the highest position.
 */
export function mergeAppendedNotices(first: EventsAppendedMessage, next: EventsAppendedMessage): EventsAppendedMessage {
  const position = Math.max(first.position, next.position);
  if (first.from === undefined || first.types === undefined || next.from === undefined || next.types === undefined || next.from !== first.position)
    return { position };
  const types = [...new Set([...first.types, ...next.types])];
  if (first.events === undefined || next.events === undefined || first.events.length + next.events.length > MAX_NOTICE_EVENTS)
    return { from: first.from, position, types };
  return { from: first.from, position, types, events: [...first.events, ...next.events] };
}

/** Most events one notice carries; a larger commit is announced without them (subscribers read it). */
export const MAX_NOTICE_EVENTS = 500;

/** Most characters of data and metadata one notice carries (a notice is copied to every thread that listens). */
export const MAX_NOTICE_EVENT_CHARS = 256 * 1024;
