import { ANY, ErrorType, NO_STREAM, STREAM_EXISTS, type AppendStreamState, type KurrentDBClient } from '@kurrent/kurrentdb-client';
import type { PreparedAppend } from '../guards/prepareAppendCommands.js';
import type { AppendResult, ExpectedVersion } from '../ports/EventStore.js';
import { WrongExpectedVersionError } from '../ports/WrongExpectedVersionError.js';
import { clientErrorType, MultiStreamAppendUnsupportedError, toActualVersion, toPortAppendError } from './kurrentAppendErrors.js';
import { toEventData } from './kurrentEventData.js';
import { eventAtRevision } from './kurrentReadStream.js';
import type { KurrentStreamNames } from './kurrentStreamNames.js';

/** The port's expected version → KurrentDB's stream state (the same four forms). */
export function toStreamState(expected: ExpectedVersion): AppendStreamState {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  return BigInt(expected);
}

/**
 * Writes one stream's append, the expected version checked by the server. The result's
 * position is read back from the stored last event rather than taken from the append
 * response: that position is the one readAll reports for the event, whatever the response
 * carries for a write of several events (or for a write the server found idempotent).
 */
export async function appendKurrentStream(client: KurrentDBClient, names: KurrentStreamNames, command: PreparedAppend): Promise<AppendResult> {
  assertStorableTypes(command);
  let revision: bigint;
  try {
    const result = await client.appendToStream(
      names.toServer(command.streamId),
      command.events.map((event) => toEventData(event)),
      {
        streamState: toStreamState(command.expectedVersion),
        requiresLeader: true,
      },
    );
    if (!result.success) {
      throw new WrongExpectedVersionError(command.streamId, command.expectedVersion, toActualVersion(result.nextExpectedRevision));
    }
    revision = result.nextExpectedRevision;
  } catch (error) {
    throw toPortAppendError(error, command.streamId, command.expectedVersion);
  }
  return resultAt(client, names, command.streamId, revision);
}

/**
 * Writes several streams' appends in one KurrentDB commit (multi-stream append, KurrentDB 25.1+,
 * through the client's `multiStreamAppend`): all or nothing, in request order. On an older
 * server it fails with MultiStreamAppendUnsupportedError; it never degrades to one append per
 * stream, which would break the all-or-nothing promise claim streams rely on.
 */
export async function appendKurrentStreams(client: KurrentDBClient, names: KurrentStreamNames, commands: readonly PreparedAppend[]): Promise<AppendResult[]> {
  commands.forEach(assertStorableTypes);
  assertDistinctStreams(commands, names);
  let revisions: bigint[];
  try {
    const result = await client.multiStreamAppend(
      commands.map((command) => ({
        streamName: names.toServer(command.streamId),
        events: command.events.map((event) => toEventData(event)),
        expectedState: toStreamState(command.expectedVersion),
      })),
    );
    revisions = commands.map((command, i) => revisionFor(result.responses, names.toServer(command.streamId), i));
  } catch (error) {
    if (clientErrorType(error) === ErrorType.UNSUPPORTED) throw new MultiStreamAppendUnsupportedError(error);
    throw toMultiStreamError(error, names, commands);
  }
  return Promise.all(commands.map((command, i) => resultAt(client, names, command.streamId, revisions[i] as bigint)));
}

/** The revision the server reports for request `index` (one response per request, in order; checked by name). */
function revisionFor(responses: readonly { streamName: string; revision: bigint }[], streamName: string, index: number): bigint {
  const response = responses[index];
  if (response?.streamName !== streamName) throw new Error(`KurrentDB's multi-stream append result names no revision for stream "${streamName}"`);
  return response.revision;
}

/** The server's conflict names the failing stream: report it with that request's expected version. */
function toMultiStreamError(error: unknown, names: KurrentStreamNames, commands: readonly PreparedAppend[]): unknown {
  if (clientErrorType(error) !== ErrorType.WRONG_EXPECTED_VERSION) return error;
  const streamName = (error as { streamName?: unknown }).streamName;
  const command = commands.find((c) => names.toServer(c.streamId) === streamName) ?? commands[0];
  return command ? toPortAppendError(error, command.streamId, command.expectedVersion) : error;
}

async function resultAt(client: KurrentDBClient, names: KurrentStreamNames, streamId: string, revision: bigint): Promise<AppendResult> {
  const last = await eventAtRevision(client, names, streamId, Number(revision));
  return { nextExpectedVersion: last.streamVersion, lastPosition: last.globalPosition };
}

/**
 * KurrentDB keeps `$`-types for itself and this adapter reads them as the server's, not the
 * application's: such an event would be written and then never read back. Refused up front.
 */
function assertStorableTypes(command: PreparedAppend): void {
  const reserved = command.events.find((event) => event.type.startsWith('$'));
  if (reserved) throw new TypeError(`event type "${reserved.type}" starts with $, which KurrentDB reserves for its own events`);
}

/**
 * The server refuses a multi-stream append that names one stream twice (names compared without
 * case), with an error of its own: say which stream, before anything is sent.
 */
function assertDistinctStreams(commands: readonly PreparedAppend[], names: KurrentStreamNames): void {
  const seen = new Set<string>();
  for (const command of commands) {
    const key = names.toServer(command.streamId).toLowerCase();
    if (seen.has(key))
      throw new TypeError(
        `appendMultiStream names stream "${command.streamId}" more than once (KurrentDB compares stream names without case): append to each stream once, with all its events`,
      );
    seen.add(key);
  }
}
