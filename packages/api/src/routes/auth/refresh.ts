import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RefreshBodySchema } from '@hyperhook/domain';
import { loadSessionState } from '../../auth/sessionState.js';
import { revokeSession } from '../../auth/revokeSession.js';
import { issueSession, TokenError, verifyToken } from '../../auth/tokens.js';
import { unauthorized } from '../../http/apiError.js';
import { ok } from '../../http/envelope.js';
import { envelopeOf, SessionSchema } from './schemas.js';

/**
 * POST /api/auth/refresh {refreshToken} → a new token pair. Refresh tokens rotate: the one used is
 * revoked, so a stolen refresh token works at most once before the real owner's next refresh fails.
 */
export const refreshRoute: FastifyPluginAsyncZod<{ authRateLimit: number }> = async (app, options) => {
  app.post(
    '/auth/refresh',
    {
      config: { rateLimit: { max: options.authRateLimit } },
      schema: { tags: ['auth'], body: RefreshBodySchema, response: { 200: envelopeOf(SessionSchema) } },
    },
    async (request) => {
      const { config, clock, store } = app.deps;
      const claims = await verifyToken(config.jwtSecret, clock(), request.body.refreshToken, 'refresh').catch((error: unknown) => {
        throw unauthorized(error instanceof TokenError ? error.message : 'Invalid token');
      });
      const state = await loadSessionState(store.eventStore, claims.uid);
      if (!state.exists || state.signedUp === null) throw unauthorized('Invalid token');
      if (state.revokedSessions.includes(claims.jti)) throw unauthorized('Session has been signed out');
      await revokeSession(app.deps, claims.uid, claims.jti, claims.exp);
      return ok(await issueSession(config.jwtSecret, clock(), { uid: claims.uid, email: state.signedUp.email }));
    },
  );
};
