import { LogoutBodySchema, SignedOutViewSchema } from '@hyperhook/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/authPlugin.js';
import { revokeSession } from '../../auth/revokeSession.js';
import { verifyToken } from '../../auth/tokens.js';
import { ok } from '../../http/envelope.js';
import { envelopeOf } from './schemas.js';

/**
 * POST /api/auth/logout (authenticated): revokes the access token used (SessionRevoked, checked on
 * every request) and, when the body names it, the refresh token of the same user.
 */
export const logoutRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        body: LogoutBodySchema,
        response: { 200: envelopeOf(SignedOutViewSchema) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await revokeSession(app.deps, user.uid, user.jti, user.exp);
      const refreshToken = request.body?.refreshToken;
      if (refreshToken !== undefined) {
        const claims = await verifyToken(app.deps.config.jwtSecret, app.deps.clock(), refreshToken, 'refresh').catch(() => null);
        // Only the caller's own refresh token can be revoked here.
        if (claims !== null && claims.uid === user.uid) await revokeSession(app.deps, user.uid, claims.jti, claims.exp);
      }
      return ok({ signedOut: true as const });
    },
  );
};
