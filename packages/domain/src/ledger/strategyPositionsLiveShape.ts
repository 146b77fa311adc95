import { defineLiveShape, wholeSnapshot } from '../readModels/liveReadModel.js';
import { STRATEGY_POSITIONS_COLLECTION } from './strategyPositionsProjection.js';
import { ProtectiveOrderListSchema } from './strategyPositionsQuery.js';

/**
 * The strategies' ledger, live (issue 39): its change is pushed as every strategy's live stops and
 * targets (GET /api/orders/open), and tells a client that each strategy's own positions and the
 * account's breakdown moved with it, to be read again.
 */
export const strategyPositionsLiveShape = defineLiveShape({
  kind: STRATEGY_POSITIONS_COLLECTION,
  snapshotKey: 'protectiveOrders',
  view: ProtectiveOrderListSchema,
  snapshot: wholeSnapshot(ProtectiveOrderListSchema),
});
