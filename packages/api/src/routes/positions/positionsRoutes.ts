import { POSITIONS_COLLECTION, toPositionViews, type PositionsDoc } from '@hyperhook/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../auth/authPlugin.js';
import { ApiError } from '../../http/apiError.js';
import { ok } from '../../http/envelope.js';
import { envelopeOf } from '../auth/schemas.js';
import { readUserDoc } from '../readUserDoc.js';
import { syncAccount } from './syncAccount.js';

/** A position as answered (ENT-13..ENT-15). */
export const PositionSchema = z.object({
  positionId: z.string(),
  userId: z.string(),
  symbol: z.string(),
  side: z.enum(['long', 'short']),
  size: z.number(),
  entryPrice: z.number(),
  currentPrice: z.number(),
  unrealizedPnl: z.number(),
  realizedPnl: z.number(),
  leverage: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** GET /api/positions, /api/positions/sync, /api/positions/:symbol (API-14..API-17, API-29). */
export const positionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const positions = async (uid: string) => toPositionViews(await readUserDoc<PositionsDoc>(app.deps.store.readStore, POSITIONS_COLLECTION, uid));

  app.get('/positions', { schema: { tags: ['positions'], response: { 200: envelopeOf(z.array(PositionSchema)) } } }, async (request) =>
    ok(await positions(requireUser(request).uid)),
  );

  // Registered as a static path, so it wins over `/positions/:symbol` (a coin named "sync" cannot shadow it).
  app.get('/positions/sync', { schema: { tags: ['positions'], response: { 200: envelopeOf(z.array(PositionSchema)) } } }, async (request) => {
    const user = requireUser(request);
    await syncAccount(app.deps, request.log, user.uid);
    return ok(await positions(user.uid));
  });

  app.get(
    '/positions/:symbol',
    { schema: { tags: ['positions'], params: z.object({ symbol: z.string().min(1).max(50) }), response: { 200: envelopeOf(PositionSchema) } } },
    async (request) => {
      const wanted = request.params.symbol.toUpperCase();
      const found = (await positions(requireUser(request).uid)).find((p) => p.symbol.toUpperCase() === wanted);
      if (found === undefined) throw new ApiError(404, `No open position for ${request.params.symbol}`);
      return ok(found);
    },
  );
};
