import { validateSignUpInput } from '@hyperhook/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createAccount } from '../../accounts/createAccount.js';
import { hashPassword } from '../../auth/passwordHasher.js';
import { issueSession } from '../../auth/tokens.js';
import { awaitProjection } from '../../commands/awaitProjection.js';
import { ok } from '../../http/envelope.js';
import { CredentialsBodySchema, envelopeOf, SessionSchema } from './schemas.js';

/** POST /api/auth/signup {email, password} → 201 {token, refreshToken, user}. */
export const signupRoute: FastifyPluginAsyncZod<{ authRateLimit: number }> = async (app, options) => {
  app.post(
    '/auth/signup',
    {
      config: { rateLimit: { max: options.authRateLimit } },
      schema: { tags: ['auth'], body: CredentialsBodySchema, response: { 201: envelopeOf(SessionSchema) } },
    },
    async (request, reply) => {
      const input = validateSignUpInput(request.body);
      if (!input.ok) throw input.error;
      const passwordHash = await hashPassword(input.value.password);
      const { uid, position } = await createAccount(app.deps, input.value.email, {
        kind: 'password',
        passwordHash,
        passwordLength: input.value.passwordLength,
      });
      await awaitProjection(app.deps, request.log, position);
      const session = await issueSession(app.deps.config.jwtSecret, app.deps.clock(), { uid, email: input.value.email });
      return reply.status(201).send(ok(session));
    },
  );
};
