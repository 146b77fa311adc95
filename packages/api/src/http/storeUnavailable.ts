import { asStoreUnavailable, isStoreUnavailableError } from '@hyperhook/store';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { failure } from './envelope.js';

/**
 * How long a client is asked to wait after the store refused a write: freeing disk space takes an
 * operator, so sooner is pointless; TradingView and the PWA retry a 503 on their own.
 */
export const STORE_RETRY_AFTER_SECONDS = 30;
/** A database restart or failover takes seconds, not an operator. */
export const STORE_UNREACHABLE_RETRY_AFTER_SECONDS = 5;

/**
 * Answers a write the store refused for want of disk, or a store it could not reach (StoreUnavailableError), as 503 with
 * Retry-After and the store's plain sentence, and logs it for the operator with the backend's
 * code. Returns false for any other error, which the caller answers as before. 503, not 500:
 * nothing is broken in the request or the code, the same request will succeed once space returns.
 */
export function replyStoreUnavailable(thrown: unknown, reply: FastifyReply, log: FastifyBaseLogger): boolean {
  // Adapters that do not wrap their driver's errors (PostgreSQL's ECONNREFUSED, 57P01) are read here.
  const error = asStoreUnavailable(thrown);
  if (!isStoreUnavailableError(error)) return false;
  log.error({ storeCode: error.storeCode, reason: error.reason }, error.message);
  void reply
    .status(503)
    .header('retry-after', String(error.reason === 'unreachable' ? STORE_UNREACHABLE_RETRY_AFTER_SECONDS : STORE_RETRY_AFTER_SECONDS))
    .send(failure(error.message, { code: error.code }));
  return true;
}
