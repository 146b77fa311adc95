import { ApprovalAnsweredSchema, ApprovalAnswerQuerySchema, ApprovalListSchema, ApprovalParamsSchema, approvalsOf, queryWebhookLogs } from '@hyperhook/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerApproval } from '../../approvals/answerApproval.js';
import { sessionGate, tokenGate } from '../../approvals/approvalGates.js';
import { approvalTokenKey } from '../../approvals/approvalToken.js';
import { requireUser } from '../../auth/authPlugin.js';
import { awaitProjection } from '../../commands/awaitProjection.js';
import { ok } from '../../http/envelope.js';
import { envelopeOf } from '../auth/schemas.js';

/** The token of `?token=` as sent, before validation: its presence alone picks the token path. */
function tokenIn(request: FastifyRequest): unknown {
  return (request.query as Record<string, unknown> | undefined)?.token;
}

/**
 * Manual approval of entries (issue 42, docs/design/manual-approval.md):
 * - `GET /api/approvals` (signed in): the caller's entries awaiting approval, from the webhook
 *   logs read model, the newest held first.
 * - `POST /api/approvals/:logId/approve` and `/reject`: the caller's answer, recorded on
 *   `signal-<logId>` with the version read as expected version, so of two answers at once (two
 *   api processes, two devices) exactly one is recorded and the other is told 409 "This alert was
 *   already approved." (or rejected, or expired). An id that names no held entry of the caller's
 *   (unknown, never held, another user's) is 404, alike. With `?token=` (the Approve and Reject
 *   buttons of a push notification: the service worker has no session) the token replaces the
 *   session: it answers that one alert until its expiry, 403 otherwise, and the answer is
 *   recorded as given `via: "push"` instead of `"app"`.
 * The answers are registered outside the signed-in subtree, as they authenticate themselves: the
 * bearer token is checked first unless a token is given, so an anonymous caller still gets 401
 * before any validation. They take the stricter budget of the auth routes: the token path is open
 * to anyone, and a trader answers by hand.
 */
export const approvalsRoutes: FastifyPluginAsyncZod<{ answerRateLimit: number }> = async (app, options) => {
  const key = approvalTokenKey(app.deps.config.jwtSecret);

  app.get(
    '/approvals',
    { onRequest: app.authenticate, schema: { tags: ['approvals'], response: { 200: envelopeOf(ApprovalListSchema) } } },
    async (request) => {
      const { uid } = requireUser(request);
      return ok(approvalsOf(await queryWebhookLogs(app.deps.store.readStore, uid, { status: 'awaiting_approval' })));
    },
  );

  const authenticateUnlessToken = async (request: FastifyRequest, reply: FastifyReply) => {
    if (tokenIn(request) === undefined) await app.authenticate(request, reply);
  };

  for (const answer of ['approve', 'reject'] as const) {
    app.post(
      `/approvals/:logId/${answer}`,
      {
        onRequest: authenticateUnlessToken,
        config: { rateLimit: { max: options.answerRateLimit } },
        schema: {
          tags: ['approvals'],
          params: ApprovalParamsSchema,
          querystring: ApprovalAnswerQuerySchema,
          // A bearer token, or none with `?token=`.
          security: [{ bearerAuth: [] }, {}],
          response: { 200: envelopeOf(ApprovalAnsweredSchema) },
        },
      },
      async (request) => {
        const now = app.deps.clock();
        const { token } = request.query;
        const gate = token === undefined ? sessionGate(requireUser(request).uid) : tokenGate(key, token, now);
        const via = token === undefined ? 'app' : 'push';
        const { answered, position } = await answerApproval(app.deps.store.eventStore, { logId: request.params.logId, answer, via, at: now }, gate);
        // Read-your-writes: the list and the log row the app reads next no longer show it waiting.
        await awaitProjection(app.deps, request.log, position);
        return ok(answered);
      },
    );
  }
};
