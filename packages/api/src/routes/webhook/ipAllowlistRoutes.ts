import { accountDecider, queryIpAllowlist } from '@hyperhook/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/authPlugin.js';
import { awaitProjection } from '../../commands/awaitProjection.js';
import { handleUserCommand } from '../../commands/handleUserCommand.js';
import { ok } from '../../http/envelope.js';
import { IpAllowlistAnswerSchema, IpAllowlistBodySchema, type IpAllowlistView } from './ipAllowlistSchemas.js';
import { TRADINGVIEW_WEBHOOK_IPS } from './tradingViewIps.js';

/**
 * GET and PUT /api/webhook/ip-allowlist: the source addresses allowed to post to the caller's
 * webhook URL (enforced by POST /hook). Scoped to the caller's own id like every other
 * dashboard route: there is no uid in the path, so no other user's list is reachable.
 * The list is read from the same webhookAccess read model intake checks, so what the user sees
 * is what /hook applies.
 */
export const ipAllowlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const current = async (uid: string): Promise<IpAllowlistView> => {
    return { ips: await queryIpAllowlist(app.deps.store.readStore, uid), tradingViewIps: [...TRADINGVIEW_WEBHOOK_IPS] };
  };

  app.get('/webhook/ip-allowlist', { schema: { tags: ['webhook'], response: { 200: IpAllowlistAnswerSchema } } }, async (request) =>
    ok(await current(requireUser(request).uid)),
  );

  app.put(
    '/webhook/ip-allowlist',
    { schema: { tags: ['webhook'], body: IpAllowlistBodySchema, response: { 200: IpAllowlistAnswerSchema } } },
    async (request) => {
      const user = requireUser(request);
      // The decider normalises (lower-case, de-duplicated) and re-checks every entry: the body schema is the first fence, the domain the rule.
      const outcome = await handleUserCommand(app.deps.store.eventStore, user.uid, accountDecider, {
        type: 'UpdateIpAllowlist',
        ips: request.body.ips,
        at: app.deps.clock().toISOString(),
      });
      await awaitProjection(app.deps, request.log, outcome.position);
      return ok(await current(user.uid));
    },
  );
};
