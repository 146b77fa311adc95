import { ApiRequestError, ValidationError } from '@nktkas/hyperliquid';
import { type ChildOrderStatus, type ExchangeOutcome, type FailedOutcome, rejected, transientError, uncertain } from './exchangeOutcome.js';
import { GateClosedError } from './gatedTransport.js';
import { budgetRefusalOf } from './meteredTransport.js';
import { classifyTransportError } from './transportFailure.js';
import { readOrderError, readTopLevelError } from './venueErrorReason.js';

/** What the caller sent, needed to read a positional `statuses` answer. */
export interface OrderExpectation {
  /** Size of the entry order, to tell a partial IOC fill from a full one. */
  requestedSize: number;
  /** The TP/SL children sent after the entry, in order. */
  children: ReadonlyArray<'tp' | 'sl'>;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A number from a venue decimal string; NaN when the field is not numeric. */
const decimal = (value: unknown): number => (typeof value === 'string' || typeof value === 'number' ? Number(value) : Number.NaN);

/** Relative tolerance when comparing a fill size to the requested size (both come from decimal strings). */
const SIZE_EPSILON = 1e-9;

function readChild(kind: 'tp' | 'sl', status: unknown): ChildOrderStatus {
  if (status === 'waitingForTrigger' || status === 'waitingForFill') return { kind, status };
  if (isObject(status)) {
    if (typeof status.error === 'string') return { kind, status: 'rejected', message: status.error };
    const resting = status.resting;
    if (isObject(resting) && typeof resting.oid === 'number') return { kind, status: 'resting', oid: resting.oid };
    const filled = status.filled;
    if (isObject(filled) && typeof filled.oid === 'number') return { kind, status: 'filled', oid: filled.oid };
  }
  return { kind, status: 'missing' };
}

/** Maps a top-level error text (`status: "err"`) to a failure outcome. */
export function outcomeFromTopLevelError(text: string): FailedOutcome {
  const reading = readTopLevelError(text);
  const init = { reason: reading.reason, message: text, stage: 'venue' as const, ...(reading.hint ? { hint: reading.hint } : {}) };
  return reading.transient ? transientError(init) : rejected(init);
}

/**
 * Maps a parsed `/exchange` answer (HTTP 200) to an outcome. Handles the three answer shapes:
 * top-level `err`, `default` (non-order actions) and positional order `statuses`, including a
 * single pre-validation error standing for a whole batch. An `ok` answer we cannot read is
 * `uncertain`: the venue accepted *something*, so sending again could duplicate it.
 */
export function outcomeFromResponse(response: unknown, expectation?: OrderExpectation): ExchangeOutcome {
  if (!isObject(response)) return unreadable(response);
  if (response.status === 'err') {
    return outcomeFromTopLevelError(typeof response.response === 'string' ? response.response : JSON.stringify(response.response));
  }
  if (response.status !== 'ok' || !isObject(response.response)) return unreadable(response);
  const body = response.response;
  if (body.type === 'default') return { kind: 'ok' };
  const data = body.data;
  if (!isObject(data)) return unreadable(response);
  // Single-status shape (twapOrder and some pre-validation answers).
  if (isObject(data.status) && typeof data.status.error === 'string') return orderError(data.status.error);
  const statuses = data.statuses;
  if (!Array.isArray(statuses) || statuses.length === 0) return unreadable(response);
  const [entry, ...rest] = statuses;
  const children = (expectation?.children ?? []).map((kind, i) => readChild(kind, rest[i]));
  if (isObject(entry) && typeof entry.error === 'string') return orderError(entry.error);
  if (entry === 'waitingForFill' || entry === 'waitingForTrigger') return { kind: 'resting', oid: null, children };
  if (isObject(entry) && isObject(entry.resting) && typeof entry.resting.oid === 'number') {
    const cloid = typeof entry.resting.cloid === 'string' ? { cloid: entry.resting.cloid } : {};
    return { kind: 'resting', oid: entry.resting.oid, ...cloid, children };
  }
  if (isObject(entry) && isObject(entry.filled) && typeof entry.filled.oid === 'number') {
    const filledSize = decimal(entry.filled.totalSz);
    const avgPrice = decimal(entry.filled.avgPx);
    if (!Number.isFinite(filledSize) || !(avgPrice > 0)) return unreadable(response);
    const requested = expectation?.requestedSize ?? filledSize;
    const partial = filledSize < requested * (1 - SIZE_EPSILON);
    const cloid = typeof entry.filled.cloid === 'string' ? { cloid: entry.filled.cloid } : {};
    return { kind: 'filled', oid: entry.filled.oid, ...cloid, filledSize, avgPrice, partial, children };
  }
  return unreadable(response);
}

function orderError(text: string): FailedOutcome {
  const reading = readOrderError(text);
  return rejected({ reason: reading.reason, message: text, stage: 'venue' });
}

function unreadable(response: unknown): FailedOutcome {
  return uncertain({
    reason: 'unreadableResponse',
    message: `Hyperliquid sent an answer this client cannot read: ${JSON.stringify(response)?.slice(0, 300)}`,
    stage: 'venue',
  });
}

/** The endpoint a failed request went to: reads can never leave an order behind. */
export type RequestKind = 'exchange' | 'info';

/**
 * Maps anything thrown while calling the venue to an outcome: nk's ApiRequestError (a parsed
 * answer carrying an error), its ValidationError (refused before signing), HTTP failures
 * (422, 429 after backoff, 5xx) and network failures. On `exchange`, a timeout or a connection
 * lost after connecting is `uncertain`; on `info` it is only `transientError`.
 */
export async function outcomeFromError(error: unknown, kind: RequestKind, expectation?: OrderExpectation): Promise<ExchangeOutcome> {
  if (error instanceof ApiRequestError) return outcomeFromResponse(error.response, expectation);
  if (error instanceof GateClosedError) return rejected({ reason: 'aborted', message: `The order was ${error.message}`, stage: 'client' });
  if (error instanceof ValidationError) {
    return rejected({ reason: 'invalidOrder', message: `The order is malformed: ${firstLine(error.message)}`, stage: 'client' });
  }
  const refusal = budgetRefusalOf(error);
  if (refusal !== undefined) {
    return transientError({ reason: 'budgetExhausted', message: refusal.message, stage: 'client', retryAfterMs: Math.ceil(refusal.retryAfterMs) });
  }
  const failure = await classifyTransportError(error);
  if (failure === undefined) throw error; // A programming error, not an exchange answer: let it surface.
  switch (failure.kind) {
    case 'http': {
      const text = failure.body.trim() || `HTTP ${failure.status}`;
      if (failure.status === 429) {
        return transientError({
          reason: 'rateLimited',
          message: `Hyperliquid is rate limiting requests (HTTP 429) and kept doing so after several retries. ${text}`.trim(),
          stage: 'venue',
          httpStatus: 429,
          ...(failure.retryAfterMs !== undefined ? { retryAfterMs: Math.ceil(failure.retryAfterMs) } : {}),
        });
      }
      if (failure.status >= 500) {
        return transientError({
          reason: 'serverError',
          message: `Hyperliquid had a server error (HTTP ${failure.status}): ${text}`,
          stage: 'venue',
          httpStatus: failure.status,
        });
      }
      return rejected({ reason: 'badRequest', message: text, stage: 'venue', httpStatus: failure.status });
    }
    case 'notSent':
      return transientError({ reason: 'unreachable', message: `Hyperliquid could not be reached: ${failure.detail}`, stage: 'network' });
    case 'timeout':
      return kind === 'exchange'
        ? uncertain({ reason: 'timeout', message: 'Hyperliquid did not answer in time; the order may or may not have been placed.', stage: 'network' })
        : transientError({ reason: 'timeout', message: 'Hyperliquid did not answer in time.', stage: 'network' });
    case 'connectionDropped':
      return kind === 'exchange'
        ? uncertain({
            reason: 'connectionDropped',
            message: `The connection to Hyperliquid broke before its answer arrived (${failure.detail}); the order may or may not have been placed.`,
            stage: 'network',
          })
        : transientError({ reason: 'connectionDropped', message: `The connection to Hyperliquid broke (${failure.detail}).`, stage: 'network' });
    case 'aborted':
      return kind === 'exchange'
        ? uncertain({ reason: 'aborted', message: 'The request was cancelled after it may have reached Hyperliquid.', stage: 'network' })
        : transientError({ reason: 'aborted', message: 'The request was cancelled.', stage: 'network' });
  }
}

const firstLine = (text: string) =>
  text
    .split('\n')
    .find((line) => line.trim() !== '')
    ?.trim() ?? text;
