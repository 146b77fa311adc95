import { defineLiveShape, wholeSnapshot } from '../readModels/liveReadModel.js';
import { BalanceViewSchema } from './balanceView.js';
import { BALANCES_COLLECTION } from './balancesProjection.js';

/** Balances, live: the stored snapshot, marked live, is the view (GET /api/balance); the resync holds null before the first one. */
export const balancesLiveShape = defineLiveShape({
  kind: BALANCES_COLLECTION,
  snapshotKey: 'balance',
  view: BalanceViewSchema,
  snapshot: wholeSnapshot(BalanceViewSchema.nullable()),
});
