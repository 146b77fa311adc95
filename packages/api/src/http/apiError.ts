/**
 * A refusal with its HTTP status and the message the client shows (the PWA displays the
 * answer's `error` string). Route code throws it; the error envelope plugin renders it.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Extra fields for the failure envelope (e.g. `title`, `fieldErrors`). */
    readonly details: Record<string, unknown> = {},
    /** Response headers that go with it (e.g. `Retry-After`). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** 401 with a message; every authentication failure of the gateway goes through it. */
export function unauthorized(message = 'Authentication required'): ApiError {
  return new ApiError(401, message);
}

/** 400 "No API keys configured": exchange reads need saved credentials. */
export function noKeysConfigured(): ApiError {
  return new ApiError(400, 'No API keys configured');
}
