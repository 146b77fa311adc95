import { CLOSE_ALL_CONFIRMATION, CloseAllBodySchema, CloseAllViewSchema, liveStrategies, tradingSwitchDecider, type ParsedAlert } from '@hyperhook/domain';
import { loadUserProfile } from '@hyperhook/trading';
import type { AppDeps } from '../../appDeps.js';
import { venueReadFailure } from '../../http/venueRefusal.js';
import { timeOrderedId } from '@hyperhook/store';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/authPlugin.js';
import { handleUserCommand } from '../../commands/handleUserCommand.js';
import { ApiError } from '../../http/apiError.js';
import { ok } from '../../http/envelope.js';
import { recordNewSignal } from '../../ingress/receiveSignal.js';
import { envelopeOf } from '../auth/schemas.js';
import { syncAccount } from './syncAccount.js';

/**
 * POST /api/positions/close-all {"confirm":"CLOSE ALL"}: reads the account from the exchange
 * (recorded as a sync) and each sub-account a strategy trades on, records CloseAllRequested with
 * the coins open and a signal id for each,
 * then one close signal per position: the executor sends each as a reduce-only market close with
 * its own log row and result, as it would a "close" alert, even while all trading is paused.
 * 400 without the exact confirmation or without keys; the sync's 429 and 502 otherwise.
 */
/**
 * The coins held on each sub-account a live strategy trades on, with the strategy whose binding
 * names it (the executor signs its close for that sub-account). A sub-account bound to several
 * strategies is read once.
 */
async function subAccountPositions(
  deps: AppDeps,
  uid: string,
  open: (positions: readonly { coin: string; szi: number }[]) => string[],
): Promise<{ coin: string; strategyId: string }[]> {
  const { credentials, strategies } = await loadUserProfile(deps.store.eventStore, uid);
  if (credentials === null) return [];
  const bound = new Map<string, string>();
  for (const strategy of liveStrategies({ exists: true, firstRecorded: true, strategies })) {
    const address = strategy.subAccount?.address;
    if (address !== undefined && !bound.has(address)) bound.set(address, strategy.id);
  }
  const targets: { coin: string; strategyId: string }[] = [];
  for (const [address, strategyId] of bound) {
    let snapshot;
    try {
      snapshot = await deps.hyperliquid(credentials.isTestnet).getAccountSnapshot({ accountAddress: address, isTestnet: credentials.isTestnet });
    } catch (error) {
      throw venueReadFailure(error);
    }
    targets.push(...open(snapshot.positions).map((coin) => ({ coin, strategyId })));
  }
  return targets;
}

export const closeAllRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/positions/close-all',
    { schema: { tags: ['positions'], body: CloseAllBodySchema, response: { 200: envelopeOf(CloseAllViewSchema) } } },
    async (request) => {
      const user = requireUser(request);
      if (request.body.confirm !== CLOSE_ALL_CONFIRMATION) {
        throw new ApiError(400, `Type "${CLOSE_ALL_CONFIRMATION}" to confirm closing every open position.`, { code: 'CONFIRMATION_REQUIRED' });
      }
      const snapshot = await syncAccount(app.deps, request.log, user.uid);
      const open = (positions: readonly { coin: string; szi: number }[]) => positions.filter((p) => p.szi !== 0).map((p) => p.coin);
      // Everything at the venue: the main account's positions, and those of each sub-account a strategy trades on (issue 39, point 2).
      const targets: { coin: string; strategyId?: string }[] = [
        ...open(snapshot.positions).map((coin) => ({ coin })),
        ...(await subAccountPositions(app.deps, user.uid, open)),
      ];
      const closing = targets.map(({ coin }) => ({ coin, webhookLogId: timeOrderedId() }));
      const coins = targets.map(({ coin }) => coin);
      const at = app.deps.clock().toISOString();
      // The trader's intent first: an auditor sees the request even if a close below could not be recorded.
      await handleUserCommand(app.deps.store.eventStore, user.uid, tradingSwitchDecider, {
        type: 'RequestCloseAll',
        at,
        coins,
        signalIds: closing.map((c) => c.webhookLogId),
      });
      for (const [i, { coin, webhookLogId }] of closing.entries()) {
        const strategyId = targets[i]?.strategyId;
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
          ...(strategyId === undefined ? {} : { strategyId }),
        });
      }
      return ok({ closing });
    },
  );
};
