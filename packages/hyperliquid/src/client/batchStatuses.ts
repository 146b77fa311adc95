import { ApiRequestError } from '@nktkas/hyperliquid';
import { type FailedOutcome, isFailedOutcome, rejected, uncertain } from './exchangeOutcome.js';
import { outcomeFromError, outcomeFromTopLevelError } from './toExchangeOutcome.js';
import { readOrderError } from './venueErrorReason.js';

/**
 * What an action carrying a batch (orders, cancels) did as a whole: `ok` when the venue executed
 * it and answered one status per item, else why not. Per-item results travel beside it.
 */
export type BatchOutcome = { kind: 'ok' } | FailedOutcome;

/** The per-item statuses of an executed batch, or the failure of the whole action. */
export type BatchAnswer = { ok: true; statuses: unknown[] } | { ok: false; outcome: FailedOutcome };

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function unreadable(response: unknown): BatchAnswer {
  // The venue accepted something it then described oddly: items may have been applied.
  return {
    ok: false,
    outcome: uncertain({
      reason: 'unreadableResponse',
      message: `Hyperliquid sent an answer this client cannot read: ${JSON.stringify(response)?.slice(0, 300)}`,
      stage: 'venue',
    }),
  };
}

/**
 * Reads an `/exchange` answer whose `data.statuses` holds one status per item sent: a top-level
 * `err` fails the whole action (nothing applied), as does a single `data.status.error` standing
 * for the batch; a list of another length than `expected` cannot be matched to the items.
 */
export function batchStatuses(response: unknown, expected: number): BatchAnswer {
  if (!isObject(response)) return unreadable(response);
  if (response.status === 'err') {
    return { ok: false, outcome: outcomeFromTopLevelError(typeof response.response === 'string' ? response.response : JSON.stringify(response.response)) };
  }
  if (response.status !== 'ok' || !isObject(response.response) || !isObject(response.response.data)) return unreadable(response);
  const data = response.response.data;
  if (isObject(data.status) && typeof data.status.error === 'string') {
    const reading = readOrderError(data.status.error);
    return { ok: false, outcome: rejected({ reason: reading.reason, message: data.status.error, stage: 'venue' }) };
  }
  if (!Array.isArray(data.statuses) || data.statuses.length !== expected) return unreadable(response);
  return { ok: true, statuses: data.statuses };
}

/**
 * Reads whatever a batch action threw. nk throws an ApiRequestError as soon as one item failed,
 * even though the others were applied, so its answer is read item by item like a success; any
 * other error (transport, local budget, validation) fails the whole action.
 */
export async function batchStatusesFromError(error: unknown, expected: number): Promise<BatchAnswer> {
  if (error instanceof ApiRequestError) return batchStatuses(error.response, expected);
  const outcome = await outcomeFromError(error, 'exchange');
  if (isFailedOutcome(outcome)) return { ok: false, outcome };
  return unreadable(error);
}
