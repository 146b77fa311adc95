import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthenticatedUser } from '../fastifyTypes.js';
import { unauthorized } from '../http/apiError.js';
import { loadSessionState } from './sessionState.js';
import { TokenError, verifyToken } from './tokens.js';

/** The bearer token of a request, or null without a well-formed `Authorization: Bearer` header. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Decorates `app.verifyAccessToken` and `app.authenticate` (every /api call carries the
 * user's bearer token). A token is accepted when its signature and expiry hold, its account
 * exists, and its id was not revoked by a logout (read from the event stream, so logout is
 * immediate).
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    const { config, clock, store } = app.deps;

    async function verifyAccess(token: string): Promise<AuthenticatedUser> {
      let claims;
      try {
        claims = await verifyToken(config.jwtSecret, clock(), token, 'access');
      } catch (error) {
        throw unauthorized(error instanceof TokenError ? error.message : 'Invalid token');
      }
      const state = await loadSessionState(store.eventStore, claims.uid);
      if (!state.exists) throw unauthorized('Invalid token');
      if (state.revokedSessions.includes(claims.jti)) throw unauthorized('Session has been signed out');
      return { uid: claims.uid, email: claims.email, jti: claims.jti, exp: claims.exp };
    }

    app.decorateRequest('user', null);
    app.decorate('verifyAccessToken', async (token: string) => {
      const user = await verifyAccess(token);
      return { uid: user.uid, email: user.email };
    });
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearerToken(request);
      if (token === null) throw unauthorized('Authentication required');
      request.user = await verifyAccess(token);
    });
  },
  { name: 'hyperhook-auth', dependencies: [] },
);

/** The signed-in user of a route behind `app.authenticate` (throws 401 if the hook did not run). */
export function requireUser(request: FastifyRequest): AuthenticatedUser {
  if (request.user === null) throw unauthorized('Authentication required');
  return request.user;
}
