import { ErrorType, type CurrentStreamState } from '@kurrent/kurrentdb-client';
import type { ExpectedVersion } from '../ports/EventStore.js';
import { WrongExpectedVersionError } from '../ports/WrongExpectedVersionError.js';

/** Raised instead of faking atomicity with sequential appends when the server lacks multi-stream appends. */
export class MultiStreamAppendUnsupportedError extends Error {
  constructor(cause: unknown) {
    super('multi-stream append needs KurrentDB 25.1 or later (this server does not offer it); appendMultiStream never falls back to non-atomic appends', {
      cause,
    });
    this.name = 'MultiStreamAppendUnsupportedError';
  }
}

/** The client's error type discriminator, when `error` is one of its command errors. */
export function clientErrorType(error: unknown): string | undefined {
  const type = error instanceof Error ? (error as { type?: unknown }).type : undefined;
  return typeof type === 'string' ? type : undefined;
}

/**
 * The client's WrongExpectedVersionError → the port's, which reports the caller's expected
 * version and the stream's actual version as a number or 'no_stream'. A deleted stream
 * (negative states) reads as 'no_stream'. Other errors pass through unchanged.
 */
export function toPortAppendError(error: unknown, streamId: string, expectedVersion: ExpectedVersion): unknown {
  if (clientErrorType(error) !== ErrorType.WRONG_EXPECTED_VERSION) return error;
  const actual = (error as { actualState?: CurrentStreamState }).actualState;
  return new WrongExpectedVersionError(streamId, expectedVersion, toActualVersion(actual));
}

/** A revision the client reports (bigint, -1n or 'no_stream' for a missing stream) → the port's actual version. */
export function toActualVersion(actual: CurrentStreamState | bigint | undefined): number | 'no_stream' {
  return typeof actual === 'bigint' && actual >= 0n ? Number(actual) : 'no_stream';
}
