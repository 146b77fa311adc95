/** What a failed call shows when the answer carries no error string of its own. */
export const API_REQUEST_FAILED = 'API request failed';

/**
 * A failed /api call. `message` is what the screen shows: the answer's own `error`
 * string, else "API request failed". `status` is 0 when the network failed before any answer.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The answer's own error string, when it had one (sign-in shows it, else its own fallback). */
    readonly serverMessage: string | null = null,
    /** The whole failure envelope (e.g. `title`, `fieldErrors` of a validation refusal). */
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** True when no answer arrived at all (offline, server unreachable). */
  get isNetworkError(): boolean {
    return this.status === 0;
  }

  /** The refusal's `title` (the keys form's "Invalid account address", …), when the answer had one. */
  get title(): string | null {
    const title = (this.body as { title?: unknown } | null)?.title;
    return typeof title === 'string' ? title : null;
  }
}

/** The message of any thrown value: an Error's message, else the fallback. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message !== '' ? error.message : fallback;
}

/**
 * What a failed action shows: the failure's own message, else the
 * action's fallback ("Failed to load balance"…). An api answer without an error string, or no
 * answer at all, has no message of its own: the action's words say more than "API request failed".
 */
export function failureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? (error.serverMessage ?? fallback) : messageOf(error, fallback);
}
