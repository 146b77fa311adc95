import { HyperliquidReadError, secondsToWait, type FailedOutcome } from '@hyperhook/hyperliquid';
import { ApiError } from './apiError.js';

/**
 * The answer to a venue read that a request budget refused, or undefined for any other failure:
 * 429 with `Retry-After`, saying truly whose budget it was. This server's own count of
 * Hyperliquid's per-IP budget (`budgetExhausted`: the venue was never asked) and the venue's own
 * 429 are each named for what they are, never "could not be reached".
 */
export function budgetRefusal(error: unknown): ApiError | undefined {
  const outcome = error instanceof HyperliquidReadError ? error.outcome : undefined;
  return outcome === undefined ? undefined : refusalOfOutcome(outcome);
}

/** See {@link budgetRefusal}; for an outcome already in hand (a key check's). */
export function refusalOfOutcome(outcome: Pick<FailedOutcome, 'reason' | 'message' | 'retryAfterMs'>): ApiError | undefined {
  if (outcome.reason !== 'budgetExhausted' && outcome.reason !== 'rateLimited') return undefined;
  return tooManyRequests(
    outcome.reason === 'budgetExhausted'
      ? outcome.message
      : `Hyperliquid is limiting this server's requests; try again in ${secondsToWait(outcome.retryAfterMs ?? 10_000)} s.`,
    outcome.retryAfterMs ?? 10_000,
    outcome.reason,
  );
}

/** 429 with the message, its `Retry-After` in whole seconds and a code for clients that branch on it. */
export function tooManyRequests(message: string, retryAfterMs: number, code: string): ApiError {
  const seconds = secondsToWait(retryAfterMs);
  return new ApiError(429, message, { code, retryAfterSeconds: seconds }, { 'retry-after': String(seconds) });
}

/** The api's answer to a failed read of Hyperliquid: a request budget's refusal (429), else 502 with the venue's reason. */
export function venueReadFailure(error: unknown): ApiError {
  return budgetRefusal(error) ?? new ApiError(502, `Hyperliquid could not be read: ${error instanceof Error ? error.message : 'unknown error'}`);
}
