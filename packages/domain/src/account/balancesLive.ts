import { defineLiveReadModel, wholeSnapshot } from '../readModels/liveReadModel.js';
import { queryBalance, toBalanceView } from './balanceQuery.js';
import { BalanceViewSchema } from './balanceView.js';
import { BALANCES_COLLECTION, type BalanceDoc } from './balancesProjection.js';

/** Balances, live: the stored snapshot, marked live, is the view (GET /api/balance); the resync holds null before the first one. */
export const balancesLive = defineLiveReadModel({
  kind: BALANCES_COLLECTION,
  snapshotKey: 'balance',
  view: BalanceViewSchema,
  toView: (doc: BalanceDoc) => toBalanceView(doc.data),
  read: queryBalance,
  snapshot: wholeSnapshot(BalanceViewSchema.nullable()),
});
