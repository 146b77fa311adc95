import { defineLiveReadModel } from '../readModels/liveReadModel.js';
import { queryBalance, toBalanceView } from './balanceQuery.js';
import type { BalanceDoc } from './balancesProjection.js';
import { balancesLiveShape } from './balancesLiveShape.js';

/** The server's half of {@link balancesLiveShape}: how a stored document becomes its view, and how a resync reads it. */
export const balancesLive = defineLiveReadModel(balancesLiveShape, {
  toView: (doc: BalanceDoc) => toBalanceView(doc.data),
  read: queryBalance,
});
