import { isDomainError, type DomainError } from '@hyperhook/domain';
import { isWrongExpectedVersionError } from '@hyperhook/store';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../http/apiError.js';
import { failure } from '../http/envelope.js';
import { replyStoreUnavailable } from '../http/storeUnavailable.js';

/** Status of a domain refusal: most are the user's input (400); a few mean something else. */
function domainStatus(error: DomainError): number {
  switch (error.code) {
    case 'UNAUTHENTICATED':
      return 401;
    case 'ACCOUNT_NOT_FOUND':
    case 'STRATEGY_NOT_FOUND':
      return 404;
    case 'ACCOUNT_EXISTS':
    case 'STRATEGY_NAME_TAKEN':
    case 'TOO_MANY_STRATEGIES':
    case 'FIRST_STRATEGY_KEPT':
    case 'NOT_PAPER':
    case 'PAPER_STRATEGY':
    case 'STRATEGY_HOLDS_POSITIONS':
      return 409;
    default:
      return 400;
  }
}

/** One readable sentence per validation issue, naming the field (`body.email`, `query.limit`). */
function validationMessage(error: FastifyError): string {
  const context = error.validationContext ?? 'request';
  const issues = (error.validation ?? []).map((issue) => {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    return `${path === '' ? context : path}: ${issue.message ?? 'is invalid'}`;
  });
  return issues.length > 0 ? `Invalid ${context}: ${issues.join('; ')}` : `Invalid ${context}`;
}

/**
 * Renders every failure in the envelope `{success: false, error}` (the PWA shows `error`):
 * validation 400s name the field, domain refusals keep the spec's words, version conflicts are 409,
 * oversized bodies 413, rate limits 429, writes the disk refused 503. Anything unexpected is logged with its stack and answered
 * "Internal server error", so no internal detail (SQL, paths, secrets) reaches the client.
 */
export const errorEnvelopePlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof ApiError) return reply.status(error.statusCode).headers(error.headers).send(failure(error.message, error.details));
      if (isDomainError(error)) {
        const status = domainStatus(error);
        return reply.status(status).send(failure(error.message, { code: error.code, title: error.title, fieldErrors: error.fieldErrors }));
      }
      if (error.validation) return reply.status(400).send(failure(validationMessage(error)));
      if (isWrongExpectedVersionError(error)) {
        return reply.status(409).send(failure('Your data was changed by another request at the same time. Please try again.'));
      }
      if (replyStoreUnavailable(error, reply, request.log)) return reply;
      const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
      if (status === 413) return reply.status(413).send(failure('Request body is too large'));
      if (status === 429) return reply.status(429).send(failure('Too many requests, please try again later.'));
      // Fastify's own 4xx (malformed JSON, unsupported media type) describe the request, not the server.
      if (status >= 400 && status < 500 && typeof error.code === 'string' && error.code.startsWith('FST_')) {
        return reply.status(status).send(failure(error.message));
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send(failure('Internal server error'));
    });
  },
  { name: 'hyperhook-error-envelope' },
);
