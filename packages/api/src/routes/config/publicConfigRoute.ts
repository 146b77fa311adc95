import { PublicConfigViewSchema } from '@hyperhook/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.js';
import { envelopeOf } from '../auth/schemas.js';

/** GET /api/config (public): the referral code and support email the PWA shows before sign-in. */
export const publicConfigRoute: FastifyPluginAsyncZod = async (app) => {
  const { referralCode, supportEmail } = app.deps.config;
  app.get('/config', { schema: { tags: ['config'], security: [], response: { 200: envelopeOf(PublicConfigViewSchema) } } }, async () =>
    ok({ referralCode, supportEmail }),
  );
};
