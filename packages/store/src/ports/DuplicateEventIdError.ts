/**
 * Thrown when an append reuses event ids in a way that is not a plain retry: the same id twice
 * in one append, or ids that already exist but not as exactly this append (another stream,
 * another order, or only some of them). A plain retry of a committed append is not an error:
 * it is an idempotent no-op that returns the original result.
 */
export class DuplicateEventIdError extends Error {
  /** Stable discriminator that survives bundling and structured cloning. */
  readonly code = 'DUPLICATE_EVENT_ID';

  /**
   * @param streamId the stream the append targeted
   * @param eventIds the offending ids
   */
  constructor(
    readonly streamId: string,
    readonly eventIds: readonly string[],
  ) {
    super(`append to stream "${streamId}" reuses event ids: ${eventIds.join(', ')}`);
    this.name = 'DuplicateEventIdError';
  }
}

/** True when `error` is a DuplicateEventIdError (also across module copies). */
export function isDuplicateEventIdError(error: unknown): error is DuplicateEventIdError {
  return error instanceof Error && (error as { code?: unknown }).code === 'DUPLICATE_EVENT_ID';
}
