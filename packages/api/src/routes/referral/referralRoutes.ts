import {
  queryReferral,
  referralDecider,
  ReferralDeclineBodySchema,
  ReferralEventBodySchema,
  ReferralEventRecordedViewSchema,
  ReferralMetadataSchema,
  ReferralInfoSchema,
  ReferralSelfReportBodySchema,
  type ReferralCommand,
} from '@hyperhook/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerToken, requireUser } from '../../auth/authPlugin.js';
import { awaitProjection } from '../../commands/awaitProjection.js';
import { handleUserCommand } from '../../commands/handleUserCommand.js';
import { ApiError } from '../../http/apiError.js';
import { ok } from '../../http/envelope.js';
import { envelopeOf } from '../auth/schemas.js';

/** The spec's words, used as the 401 of every referral action without a signed-in user. */
export const REFERRAL_UNAUTHENTICATED = 'User must be authenticated to update referral info';

/**
 * The referral routes. Actions run the referral decider on the user's stream and
 * answer the updated referral info. They authenticate themselves (instead of the subtree hook) so a
 * missing user gets the spec's message; POST /events also accepts anonymous calls, which are
 * acknowledged and not recorded (there is no user stream to record them on).
 */
export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  const info = async (uid: string) => ({
    ...(await queryReferral(app.deps.store.readStore, uid)),
    referralCode: app.deps.config.referralCode,
  });

  /** 401 with the spec's message unless a valid token is present. */
  const authenticateReferral = async (request: Parameters<typeof app.authenticate>[0], reply: Parameters<typeof app.authenticate>[1]) => {
    try {
      await app.authenticate(request, reply);
    } catch {
      throw new ApiError(401, REFERRAL_UNAUTHENTICATED);
    }
  };

  const act = async (uid: string, command: ReferralCommand, log: Parameters<typeof awaitProjection>[1]) => {
    const outcome = await handleUserCommand(app.deps.store.eventStore, uid, referralDecider, command);
    await awaitProjection(app.deps, log, outcome.position);
    return ok(await info(uid));
  };
  const Answer = envelopeOf(ReferralInfoSchema);

  app.get('/referral', { onRequest: app.authenticate, schema: { tags: ['referral'], response: { 200: Answer } } }, async (request) =>
    ok(await info(requireUser(request).uid)),
  );

  app.post(
    '/referral/self-report',
    { onRequest: authenticateReferral, schema: { tags: ['referral'], body: ReferralSelfReportBodySchema, response: { 200: Answer } } },
    async (request) => {
      const { joinedViaReferral: _flag, ...extra } = request.body;
      const metadata = ReferralMetadataSchema.safeParse(extra);
      if (!metadata.success) throw new ApiError(400, metadata.error.issues[0]?.message ?? 'Invalid referral fields');
      const at = app.deps.clock().toISOString();
      return act(requireUser(request).uid, { type: 'SelfReportReferral', ...(Object.keys(extra).length > 0 ? { extra: metadata.data } : {}), at }, request.log);
    },
  );

  app.post(
    '/referral/decline',
    { onRequest: authenticateReferral, schema: { tags: ['referral'], body: ReferralDeclineBodySchema, response: { 200: Answer } } },
    async (request) => act(requireUser(request).uid, { type: 'DeclineReferral', reason: request.body.reason, at: app.deps.clock().toISOString() }, request.log),
  );

  app.post('/referral/join-click', { onRequest: authenticateReferral, schema: { tags: ['referral'], response: { 200: Answer } } }, async (request) =>
    act(requireUser(request).uid, { type: 'ClickReferralJoin', at: app.deps.clock().toISOString() }, request.log),
  );

  app.post(
    '/referral/events',
    {
      schema: {
        tags: ['referral'],
        body: ReferralEventBodySchema,
        response: { 200: envelopeOf(ReferralEventRecordedViewSchema) },
      },
    },
    async (request, reply) => {
      if (bearerToken(request) === null) return ok({ recorded: false });
      await app.authenticate(request, reply);
      const user = requireUser(request);
      const outcome = await handleUserCommand(app.deps.store.eventStore, user.uid, referralDecider, {
        type: 'LogReferralEvent',
        eventType: request.body.type,
        metadata: request.body.metadata ?? {},
        at: app.deps.clock().toISOString(),
      });
      await awaitProjection(app.deps, request.log, outcome.position);
      return ok({ recorded: true });
    },
  );
};
