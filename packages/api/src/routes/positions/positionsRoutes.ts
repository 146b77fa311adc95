import { PositionListSchema, PositionViewSchema, queryPositions } from '@hyperhook/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../auth/authPlugin.js';
import { ApiError } from '../../http/apiError.js';
import { ok } from '../../http/envelope.js';
import { envelopeOf } from '../auth/schemas.js';
import { syncAccount } from './syncAccount.js';

/** GET /api/positions, /api/positions/sync, /api/positions/:symbol. */
export const positionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const positions = (uid: string) => queryPositions(app.deps.store.readStore, uid);

  app.get('/positions', { schema: { tags: ['positions'], response: { 200: envelopeOf(PositionListSchema) } } }, async (request) =>
    ok(await positions(requireUser(request).uid)),
  );

  // Registered as a static path, so it wins over `/positions/:symbol` (a coin named "sync" cannot shadow it).
  app.get('/positions/sync', { schema: { tags: ['positions'], response: { 200: envelopeOf(PositionListSchema) } } }, async (request) => {
    const user = requireUser(request);
    await syncAccount(app.deps, request.log, user.uid);
    return ok(await positions(user.uid));
  });

  app.get(
    '/positions/:symbol',
    { schema: { tags: ['positions'], params: z.object({ symbol: z.string().min(1).max(50) }), response: { 200: envelopeOf(PositionViewSchema) } } },
    async (request) => {
      const wanted = request.params.symbol.toUpperCase();
      const found = (await positions(requireUser(request).uid)).find((p) => p.symbol.toUpperCase() === wanted);
      if (found === undefined) throw new ApiError(404, `No open position for ${request.params.symbol}`);
      return ok(found);
    },
  );
};
