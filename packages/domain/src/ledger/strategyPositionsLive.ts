import { defineLiveReadModel, wholeSnapshot } from '../readModels/liveReadModel.js';
import type { LedgerState } from './strategyLedger.js';
import type { ReadModelDoc } from '../readModels/readModel.js';
import { STRATEGY_POSITIONS_COLLECTION } from './strategyPositionsProjection.js';
import { protectiveOrdersOf, ProtectiveOrderListSchema, queryProtectiveOrders } from './strategyPositionsQuery.js';

/**
 * The strategies' ledger, live (issue 39): its change is pushed as every strategy's live stops and
 * targets (GET /api/orders/open), and tells a client that each strategy's own positions and the
 * account's breakdown moved with it, to be read again.
 */
export const strategyPositionsLive = defineLiveReadModel({
  kind: STRATEGY_POSITIONS_COLLECTION,
  snapshotKey: 'protectiveOrders',
  view: ProtectiveOrderListSchema,
  toView: (doc: ReadModelDoc<LedgerState>) => protectiveOrdersOf(doc.data),
  read: (reader, uid) => queryProtectiveOrders(reader, uid),
  snapshot: wholeSnapshot(ProtectiveOrderListSchema),
});
