import { CloseAllViewSchema, tradingSwitchDecider, type ParsedAlert } from '@hyperhook/domain';
import { timeOrderedId } from '@hyperhook/store';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../auth/authPlugin.js';
import { handleUserCommand } from '../../commands/handleUserCommand.js';
import { ApiError } from '../../http/apiError.js';
import { ok } from '../../http/envelope.js';
import { recordNewSignal } from '../../ingress/receiveSignal.js';
import { envelopeOf } from '../auth/schemas.js';
import { syncAccount } from './syncAccount.js';

/** The words the trader types to confirm; anything else closes nothing. */
export const CLOSE_ALL_CONFIRMATION = 'CLOSE ALL';

const CloseAllBodySchema = z.object({ confirm: z.string().max(100).describe(`"${CLOSE_ALL_CONFIRMATION}", typed by the trader`) });

/**
 * POST /api/positions/close-all {"confirm":"CLOSE ALL"}: reads the account from the exchange
 * (recorded as a sync), records CloseAllRequested with the coins open and a signal id for each,
 * then one close signal per position: the executor sends each as a reduce-only market close with
 * its own log row and result, as it would a "close" alert, even while all trading is paused.
 * 400 without the exact confirmation or without keys; the sync's 429 and 502 otherwise.
 */
export const closeAllRoute: FastifyPluginAsyncZod = async (app) => {
  app.post('/positions/close-all', { schema: { tags: ['positions'], body: CloseAllBodySchema, response: { 200: envelopeOf(CloseAllViewSchema) } } }, async (request) => {
    const user = requireUser(request);
    if (request.body.confirm !== CLOSE_ALL_CONFIRMATION) {
      throw new ApiError(400, `Type "${CLOSE_ALL_CONFIRMATION}" to confirm closing every open position.`, { code: 'CONFIRMATION_REQUIRED' });
    }
    const snapshot = await syncAccount(app.deps, request.log, user.uid);
    const coins = snapshot.positions.filter((p) => p.szi !== 0).map((p) => p.coin);
    const closing = coins.map((coin) => ({ coin, webhookLogId: timeOrderedId() }));
    const at = app.deps.clock().toISOString();
    // The trader's intent first: an auditor sees the request even if a close below could not be recorded.
    await handleUserCommand(app.deps.store.eventStore, user.uid, tradingSwitchDecider, { type: 'RequestCloseAll', at, coins, signalIds: closing.map((c) => c.webhookLogId) });
    for (const { coin, webhookLogId } of closing) {
      const alert: ParsedAlert = { symbol: coin, coin, action: 'close', orderType: 'market' };
      await recordNewSignal(app.deps.store.eventStore, {
        type: 'ReceiveSignal',
        signalId: webhookLogId,
        userId: user.uid,
        receivedAt: at,
        rawBody: JSON.stringify({ symbol: coin, action: 'close', closeAll: true }),
        contentType: 'application/json',
        alert,
        rejection: null,
        origin: 'closeAll',
      });
    }
    return ok({ closing });
  });
};
