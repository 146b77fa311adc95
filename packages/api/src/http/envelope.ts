/** The success envelope of every /api answer: content under `data`. */
export interface SuccessEnvelope<T> {
  readonly success: true;
  readonly data: T;
}

/** The failure envelope: `error` is the message the client shows. */
export interface FailureEnvelope {
  readonly success: false;
  readonly error: string;
  readonly [extra: string]: unknown;
}

/** Wraps a route's answer in the success envelope. */
export function ok<T>(data: T): SuccessEnvelope<T> {
  return { success: true, data };
}

/** Builds the failure envelope. */
export function failure(error: string, details: Record<string, unknown> = {}): FailureEnvelope {
  return { ...details, success: false, error };
}
