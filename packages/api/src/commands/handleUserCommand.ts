import { userStreamId, type DomainEvent } from '@hyperhook/domain';
import { handleCommand, type CommandOutcome, type HandleCommandOptions, type StreamDecider } from '@hyperhook/eventsourcing';
import type { EventStore } from '@hyperhook/store';

/**
 * Runs one command of the api against `user-<uid>` with the kernel's command handler: a request's
 * command is decided again once after a version conflict, and a second conflict is reported (409).
 */
export function handleUserCommand<C, E extends DomainEvent, S>(
  eventStore: EventStore,
  uid: string,
  decider: StreamDecider<C, E, S>,
  command: C,
  options: HandleCommandOptions = {},
): Promise<CommandOutcome<E>> {
  return handleCommand(eventStore, userStreamId(uid), decider, command, options);
}
