import { amountCap, type OrderPlan, type ParsedAlert, type PlanRejectionCode, type Settings } from '@hyperhook/domain';
import type { PlanAlertResult, PlanMarket } from '@hyperhook/trading';

/** How old a user's tracked account may be, by what the alert sizes from. */
export interface AccountAges {
  /** For alerts sized from the balance (% of available balance or of equity), default 30 s. */
  readonly balanceMaxAgeMs: number;
  /** For everything else (fixed size, a size in the alert, closes): a safety net, default 5 min. */
  readonly trackedMaxAgeMs: number;
}

/**
 * How old the account the alert is planned on may be. Only an alert whose amount is a share of
 * the balance needs a recent balance, and a target alert the position as it is now; a fixed size
 * or a close is served by the tracked positions and balance, and a plan those refuse is planned
 * again on a fresh read (restsOnAccount).
 */
export function accountMaxAgeMs(alert: Pick<ParsedAlert, 'action' | 'size' | 'target'>, settings: Settings, ages: AccountAges): number {
  // A target alert sends the difference from the position held: it must be the venue's position
  // now, or a position closed by hand would be "closed" again, into the other side.
  if (alert.target !== undefined) return 0;
  if (alert.action === 'close' || alert.size !== undefined) return ages.trackedMaxAgeMs;
  return settings.positionSizing.mode === 'fixed' ? ages.trackedMaxAgeMs : ages.balanceMaxAgeMs;
}

/** Refusals whose reason is the account's positions or balance. */
const ACCOUNT_REFUSALS = new Set<PlanRejectionCode | 'UNKNOWN_COIN'>([
  'NO_BALANCE',
  'MAX_OPEN_POSITIONS',
  'NO_POSITION_TO_CLOSE',
  'ZERO_AMOUNT',
  'ZERO_SIZE',
  'BELOW_MINIMUM_NOTIONAL',
  // "Already long 0.5 ETH" on tracked state: the trader may have moved the position by hand.
  'ALREADY_AT_TARGET',
]);

/**
 * Whether a plan rests on the account state: refused for its positions or balance, or cut down to
 * the available balance. Planned on tracked state, such a plan is planned again on a fresh read
 * rather than refused or shrunk on figures the venue may no longer hold.
 */
export function restsOnAccount(result: PlanAlertResult, settings: Settings, market: PlanMarket): boolean {
  if (!result.ok) return ACCOUNT_REFUSALS.has(result.code);
  const plan: OrderPlan = result.plan;
  return !plan.reduceOnly && plan.requestedUsd !== null && amountCap(plan.requestedUsd, settings, market.balance) === 'availableBalance';
}
