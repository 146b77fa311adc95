import type { BalanceView } from './balanceView.js';
import { isAccountEvent } from '../eventModel/domainEvent.js';
import { numberOrNull, numberOrZero } from '../shared/numberOrZero.js';
import { defineProjection, streamEntityId, type ReadModelDoc } from '../readModels/readModel.js';

/** Read-model collection of balances. */
export const BALANCES_COLLECTION = 'balances';

/** A user's latest balances, as numbers (missing or non-numeric → 0); the api adds the venue. */
export type BalanceData = Omit<BalanceView, 'venue'>;

/** A balances document. */
export type BalanceDoc = ReadModelDoc<BalanceData>;

/**
 * Balances: per user, the latest BalanceSnapshotTaken of `account-<uid>`;
 * a snapshot older than the one shown (two syncs finishing out of order) is ignored.
 */
export const balancesProjection = defineProjection<BalanceData>({
  collection: BALANCES_COLLECTION,
  idOf: (event, meta) => (event.type === 'BalanceSnapshotTaken' ? streamEntityId(meta, 'account') : null),
  userIdOf: (_event, meta) => streamEntityId(meta, 'account'),
  evolve: (current, event) => {
    if (!isAccountEvent(event) || event.type !== 'BalanceSnapshotTaken') return current;
    const { data } = event;
    if (current !== null && data.at < current.updatedAt) return current;
    return {
      availableBalance: numberOrZero(data.availableBalance),
      totalEquity: numberOrZero(data.totalEquity),
      marginUsed: numberOrZero(data.marginUsed),
      totalNotional: numberOrZero(data.totalNotional),
      withdrawable: numberOrNull(data.withdrawable),
      spotUsdc: numberOrNull(data.spotUsdc),
      updatedAt: data.at,
    };
  },
});
