import { normaliseEmail } from '@hyperhook/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { claimOwner } from '../../accounts/claims.js';
import { verifyDummyPassword, verifyPassword } from '../../auth/passwordHasher.js';
import { loadSessionState } from '../../auth/sessionState.js';
import { issueSession } from '../../auth/tokens.js';
import { unauthorized } from '../../http/apiError.js';
import { ok } from '../../http/envelope.js';
import { CredentialsBodySchema, envelopeOf, SessionSchema } from './schemas.js';

/** The one answer to every failed login: it never says whether the email has an account. */
export const INVALID_LOGIN = 'Invalid email or password';

/** POST /api/auth/login {email, password} → 200 {token, refreshToken, user}; 401 "Invalid email or password". */
export const loginRoute: FastifyPluginAsyncZod<{ authRateLimit: number }> = async (app, options) => {
  app.post(
    '/auth/login',
    {
      config: { rateLimit: { max: options.authRateLimit } },
      schema: { tags: ['auth'], body: CredentialsBodySchema, response: { 200: envelopeOf(SessionSchema) } },
    },
    async (request) => {
      const { eventStore } = app.deps.store;
      const password = request.body.password ?? '';
      const email = normaliseEmail(request.body.email);
      const owner = email.ok ? await claimOwner(eventStore, { kind: 'email', email: email.value }) : null;
      const account = owner === null ? null : await loadSessionState(eventStore, owner.uid);
      const passwordHash = account?.signedUp?.passwordHash ?? null;
      // Unknown email or an account without a password (OIDC only): same work, same answer.
      const valid = passwordHash === null || owner === null ? await verifyDummyPassword(password) : await verifyPassword(passwordHash, password);
      if (!valid || owner === null || account?.signedUp == null) throw unauthorized(INVALID_LOGIN);
      return ok(await issueSession(app.deps.config.jwtSecret, app.deps.clock(), { uid: owner.uid, email: account.signedUp.email }));
    },
  );
};
