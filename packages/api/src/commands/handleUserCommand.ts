import { foldState, userStreamId, type Decider, type UserEvent } from '@hyperhook/domain';
import { isWrongExpectedVersionError, type EventStore } from '@hyperhook/store';
import { toNewEvent } from '@hyperhook/projector';
import { readUserStream } from './readUserStream.js';

/** What a handled command recorded. */
export interface CommandOutcome {
  readonly events: readonly UserEvent[];
  /** Global position of the last event appended, or null when the decider recorded nothing. */
  readonly position: number | null;
}

/** Options of {@link handleUserCommand}. */
export interface HandleUserCommandOptions {
  /**
   * How many times the command is decided in all, default 2: a request's command is decided again
   * once after a conflict, and a second conflict is reported (409) rather than looping. Work
   * nobody waits on (a push notifier dropping a dead subscription) may try more often.
   */
  readonly attempts?: number;
}

/**
 * Runs one command against `user-<uid>` (Emmett's command handler): read the stream, fold the
 * decider's state, decide, append with the stream's version as expectedVersion. A concurrent
 * writer makes the append fail with WrongExpectedVersion; the command is then decided again on
 * the fresh stream, up to `attempts` times in all.
 * A DomainError thrown by `decide` propagates unchanged (the error envelope maps it).
 */
export async function handleUserCommand<C, S>(
  eventStore: EventStore,
  uid: string,
  decider: Decider<C, UserEvent, S>,
  command: C,
  options: HandleUserCommandOptions = {},
): Promise<CommandOutcome> {
  const attempts = options.attempts ?? 2;
  for (let attempt = 1; ; attempt += 1) {
    const stream = await readUserStream(eventStore, uid);
    const events = decider.decide(command, foldState(decider, stream.events));
    if (events.length === 0) return { events, position: null };
    try {
      const result = await eventStore.append(userStreamId(uid), events.map((e) => toNewEvent(e)), { expectedVersion: stream.expectedVersion });
      return { events, position: result.lastPosition };
    } catch (error) {
      if (attempt < attempts && isWrongExpectedVersionError(error)) continue;
      throw error;
    }
  }
}
