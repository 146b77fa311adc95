import { foldState, tradingSwitchDecider, TradingSwitchViewSchema, type TradingSwitchView } from '@hyperhook/domain';
import { readUserStream } from '@hyperhook/eventsourcing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/authPlugin.js';
import { handleUserCommand } from '../../commands/handleUserCommand.js';
import { ok } from '../../http/envelope.js';
import { envelopeOf } from '../auth/schemas.js';

const TradingSwitchAnswer = envelopeOf(TradingSwitchViewSchema);

/**
 * The kill switch: GET /api/trading tells whether all trading is paused; POST
 * /api/trading/pause-all stops every alert from being traded (they are still logged, marked
 * paused) and /resume-all ends that. Both are idempotent and recorded as events, so an auditor
 * sees who stopped trading and when. Nothing reads a read model: the executor folds the same
 * events from the user stream, so the answer is what the executor will do.
 */
export const tradingSwitchRoutes: FastifyPluginAsyncZod = async (app) => {
  const current = async (uid: string): Promise<TradingSwitchView> => {
    const { pausedSince } = foldState(tradingSwitchDecider, (await readUserStream(app.deps.store.eventStore, uid)).events);
    return { paused: pausedSince !== null, pausedSince };
  };

  app.get('/trading', { schema: { tags: ['trading'], response: { 200: TradingSwitchAnswer } } }, async (request) =>
    ok(await current(requireUser(request).uid)),
  );

  for (const [path, type] of [
    ['/trading/pause-all', 'PauseAllTrading'],
    ['/trading/resume-all', 'ResumeAllTrading'],
  ] as const) {
    app.post(path, { schema: { tags: ['trading'], response: { 200: TradingSwitchAnswer } } }, async (request) => {
      const user = requireUser(request);
      await handleUserCommand(app.deps.store.eventStore, user.uid, tradingSwitchDecider, { type, at: app.deps.clock().toISOString() });
      return ok(await current(user.uid));
    });
  }
};
