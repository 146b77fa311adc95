import { ApiError } from '../../lib/api/apiError';

/**
 * What a failed action shows (ERR-16, ERR-19, ERR-23): the failure's own message, else the
 * action's fallback ("Failed to load balance"…). An api answer without an error string, or no
 * answer at all, has no message of its own: the action's words say more than "API request failed".
 */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return error instanceof Error && error.message !== '' ? error.message : fallback;
}
