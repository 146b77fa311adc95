import { dedupeClaimStreamId, signalDecider, signalStreamId, type SignalCommand, type SignalEvent } from '@hyperhook/domain';
import { decideLocally, handleCommand, newStream, toNewEvent, type CommandOutcome } from '@hyperhook/eventsourcing';
import { isWrongExpectedVersionError, type EventStore } from '@hyperhook/store';
import { dedupeClaimEvent, type DedupeClaim } from './dedupeClaim.js';

/** How many times a command is decided in all when other writers keep getting in first. */
const SIGNAL_COMMAND_ATTEMPTS = 5;

/** The owner every event of a signal carries in its metadata, so readers of the log can route by user without reading the stream. */
function ownerOf(command: SignalCommand & { type: 'ReceiveSignal' }): { userId: string } {
  return { userId: command.userId };
}

/** What a signal command recorded. */
export type SignalCommandResult = CommandOutcome<SignalEvent>;

/**
 * Records a signal under a freshly generated id (nothing can be in its stream yet), so the hot
 * path of intake is one append and no read. With `claimId` (the command then carries its
 * dedupeKey), the claim stream and the signal stream are created in one multi-stream append: if
 * another delivery took the claim first, nothing is written and the answer is 'claimed'.
 */
export async function recordNewSignal(
  eventStore: EventStore,
  command: SignalCommand & { type: 'ReceiveSignal' },
  claimId?: string,
): Promise<SignalCommandResult | 'claimed'> {
  const streamId = signalStreamId(command.signalId);
  const metadata = ownerOf(command);
  if (claimId === undefined) return handleCommand(eventStore, streamId, signalDecider, command, { newStream: true, attempts: 1, metadata });
  if (command.dedupeKey === undefined) throw new TypeError('a claimed signal needs its dedupeKey');
  const { pending: events } = decideLocally(newStream(streamId, signalDecider), signalDecider, command);
  const claimStreamId = dedupeClaimStreamId(claimId);
  const taken: DedupeClaim = { signalId: command.signalId, dedupeKey: command.dedupeKey, receivedAt: command.receivedAt };
  try {
    const [, result] = await eventStore.appendMultiStream([
      { streamId: claimStreamId, events: [dedupeClaimEvent(taken)], expectedVersion: 'no_stream' },
      { streamId, events: events.map((event) => toNewEvent(event, metadata)), expectedVersion: 'no_stream' },
    ]);
    return { events, position: result?.lastPosition ?? null };
  } catch (error) {
    if (isWrongExpectedVersionError(error) && error.streamId === claimStreamId) return 'claimed';
    throw error;
  }
}

/** Runs a signal command on the existing `signal-<signalId>`, deciding again if another writer got in first. */
export function runSignalCommand(eventStore: EventStore, signalId: string, command: SignalCommand): Promise<SignalCommandResult> {
  return handleCommand(eventStore, signalStreamId(signalId), signalDecider, command, {
    attempts: SIGNAL_COMMAND_ATTEMPTS,
    ...(command.type === 'ReceiveSignal' ? { metadata: ownerOf(command) } : {}),
  });
}
