import type { DomainEvent } from '@hyperhook/domain';
import { isWrongExpectedVersionError, type EventMetadata, type EventStore } from '@hyperhook/store';
import { decideAndAppend, loadStream, newStream, type StreamDecider } from './decidedStream.js';

/** What a handled command recorded. */
export interface CommandOutcome<Event extends DomainEvent> {
  readonly events: readonly Event[];
  /** Global position of the last event appended, or null when the decider recorded nothing. */
  readonly position: number | null;
}

/** Options of {@link handleCommand}. */
export interface HandleCommandOptions {
  /**
   * How many times the command is decided in all, default 2: a request's command is decided again
   * once after a conflict, and a second conflict is reported rather than looping. Work nobody
   * waits on may try more often.
   */
  readonly attempts?: number;
  /**
   * The stream is new by construction (a freshly generated id): it is not read, and the append
   * expects no stream, so the hot path is one write.
   */
  readonly newStream?: boolean;
  /** Metadata the appended events carry (see DecidedStream.metadata). */
  readonly metadata?: EventMetadata;
}

/**
 * Runs one command against a stream (Emmett's command handler): read the stream, fold the
 * decider's state, decide, append with the stream's version as expected version. A concurrent
 * writer makes the append fail with WrongExpectedVersion; the command is then decided again on
 * the fresh stream, up to `attempts` times in all. A DomainError thrown by `decide` propagates
 * unchanged.
 */
export async function handleCommand<Command, Event extends DomainEvent, State>(
  eventStore: EventStore,
  streamId: string,
  decider: StreamDecider<Command, Event, State>,
  command: Command,
  options: HandleCommandOptions = {},
): Promise<CommandOutcome<Event>> {
  const attempts = options.attempts ?? 2;
  for (let attempt = 1; ; attempt += 1) {
    const loaded = options.newStream === true && attempt === 1 ? newStream(streamId, decider) : await loadStream(eventStore, streamId, decider);
    const stream = options.metadata === undefined ? loaded : { ...loaded, metadata: options.metadata };
    try {
      const { appended, position } = await decideAndAppend(eventStore, stream, decider, command);
      return { events: appended, position };
    } catch (error) {
      if (attempt < attempts && isWrongExpectedVersionError(error)) continue;
      throw error;
    }
  }
}
