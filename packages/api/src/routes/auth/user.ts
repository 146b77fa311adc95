import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/authPlugin.js';
import { ok } from '../../http/envelope.js';
import { envelopeOf, UserSchema } from './schemas.js';

/** GET /api/auth/user → {uid, email} of the signed-in user. */
export const userRoute: FastifyPluginAsyncZod = async (app) => {
  app.get('/auth/user', { schema: { tags: ['auth'], response: { 200: envelopeOf(UserSchema) } } }, async (request) => {
    const user = requireUser(request);
    return ok({ uid: user.uid, email: user.email });
  });
};
