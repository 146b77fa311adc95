import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/** What each error the router raises before any route says, in words that never echo the path (it may carry a secret). */
const MESSAGES: Readonly<Record<string, { status: number; error: string }>> = {
  FST_ERR_BAD_URL: { status: 400, error: 'The request URL is not valid: a percent-escape in it does not decode.' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, error: 'A part of the request URL is too long.' },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, error: 'The request could not be routed.' },
};

/**
 * Fastify's `frameworkErrors`: the errors its router raises before any route, answered in the
 * api's own envelope (`{success: false, error}`) like every other refusal, instead of Fastify's
 * default body, which quotes the whole path.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const known = MESSAGES[error.code] ?? { status: error.statusCode ?? 400, error: 'The request could not be routed.' };
  void reply.status(known.status).send({ success: false, error: known.error });
}
