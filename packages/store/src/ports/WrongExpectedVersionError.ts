import type { ExpectedVersion } from './EventStore.js';

/**
 * Thrown (as a rejection) by `EventStore.append` when the stream is not in the state the caller
 * expected. Command handlers catch it, reload the stream and decide again.
 */
export class WrongExpectedVersionError extends Error {
  /** Stable discriminator that survives bundling and structured cloning. */
  readonly code = 'WRONG_EXPECTED_VERSION';

  /**
   * @param streamId the stream the append targeted
   * @param expectedVersion what the caller asked for
   * @param actualVersion the stream's version at the time of the append, or 'no_stream'
   */
  constructor(
    readonly streamId: string,
    readonly expectedVersion: ExpectedVersion,
    readonly actualVersion: number | 'no_stream',
  ) {
    super(`wrong expected version for stream "${streamId}": expected ${String(expectedVersion)}, actual ${String(actualVersion)}`);
    this.name = 'WrongExpectedVersionError';
  }
}

/** True when `error` is a WrongExpectedVersionError (also across module copies). */
export function isWrongExpectedVersionError(error: unknown): error is WrongExpectedVersionError {
  return error instanceof Error && (error as { code?: unknown }).code === 'WRONG_EXPECTED_VERSION';
}
