import { isAccountEvent, type DomainEvent } from '../eventModel/domainEvent.js';
import { evolveLedger } from './evolveLedger.js';
import { EMPTY_LEDGER, type LedgerState } from './strategyLedger.js';
import { defineProjection, streamEntityId } from '../readModels/readModel.js';

/** Read-model collection of the strategies' own positions (issue 39, point 1). */
export const STRATEGY_POSITIONS_COLLECTION = 'strategyPositions';

/**
 * The strategy ledger per user, from `account-<uid>`: the same fold the executor plans with, so
 * the Positions tab shows each strategy the position its alerts act on. Existing accounts get it
 * by replay: fills recorded before strategies kept their own count for the first strategy.
 */
export const strategyPositionsProjection = defineProjection<LedgerState>({
  collection: STRATEGY_POSITIONS_COLLECTION,
  idOf: (event, meta) =>
    event.type === 'FillRecorded' ||
    event.type === 'PositionDriftReconciled' ||
    event.type === 'ProtectionUpdated' ||
    event.type === 'OrderRested' ||
    event.type === 'RestingOrdersExpired' ||
    // A strategy's funding is P&L of its day (issue 43); a part no strategy held changes no strategy.
    (event.type === 'FundingPaid' && event.data.strategyId !== undefined)
      ? streamEntityId(meta, 'account')
      : null,
  userIdOf: (_event, meta) => streamEntityId(meta, 'account'),
  evolve: (current, event: DomainEvent) => (isAccountEvent(event) ? evolveLedger(current ?? EMPTY_LEDGER, event) : current),
});
