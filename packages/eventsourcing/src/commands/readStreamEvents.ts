import type { DomainEvent } from '@hyperhook/domain';
import type { EventStore, ExpectedVersion } from '@hyperhook/store';
import { decodeStreamEvents } from '../codec/eventCodec.js';

/** A stream's domain events, and the version a writer appends after. */
export interface StreamEvents<Event extends DomainEvent = DomainEvent> {
  readonly events: Event[];
  readonly expectedVersion: ExpectedVersion;
}

/**
 * Reads a stream's events for code that reads the facts of a stream without deciding on it
 * (e.g. the credentials of a user stream); an unknown stream reads as empty, expected not to exist.
 */
export async function readStreamEvents<Event extends DomainEvent>(
  eventStore: EventStore,
  streamId: string,
  keep: (event: DomainEvent) => event is Event,
): Promise<StreamEvents<Event>> {
  const recorded = await eventStore.readStream(streamId);
  const last = recorded.at(-1);
  return { events: decodeStreamEvents(recorded).filter(keep), expectedVersion: last === undefined ? 'no_stream' : last.streamVersion };
}
