import { defineLiveReadModel } from '../readModels/liveReadModel.js';
import type { LedgerState } from './strategyLedger.js';
import type { ReadModelDoc } from '../readModels/readModel.js';
import { protectiveOrdersOf, queryProtectiveOrders } from './strategyPositionsQuery.js';
import { strategyPositionsLiveShape } from './strategyPositionsLiveShape.js';

/** The server's half of {@link strategyPositionsLiveShape}: how a stored document becomes its view, and how a resync reads it. */
export const strategyPositionsLive = defineLiveReadModel(strategyPositionsLiveShape, {
  toView: (doc: ReadModelDoc<LedgerState>) => protectiveOrdersOf(doc.data),
  read: (reader, uid) => queryProtectiveOrders(reader, uid),
});
