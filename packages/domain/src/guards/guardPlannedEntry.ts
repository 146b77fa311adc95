import type { ParsedAlert } from '../alert/alertSchema.js';
import { Dec } from '../exchange/decimal.js';
import { entersBy, type StrategyActivity } from '../ledger/strategyActivity.js';
import { hasGuards, NO_GUARDS, type AccountGuards, type AlertGuards } from './alertGuards.js';
import { checkEntryGuards, type GuardRefusal } from './checkEntryGuards.js';
import type { HeldPosition, Mids } from './guardFacts.js';

/** A planned order as the guards weigh it, with what the strategy holds and has done. */
export interface PlannedEntry {
  readonly alert: Pick<ParsedAlert, 'sentAt' | 'sentAtField' | 'maxLag'>;
  readonly coin: string;
  readonly isBuy: boolean;
  /** The order's size in coins (decimal text). */
  readonly size: string;
  /** The strategy's own signed position in the coin before the order. */
  readonly heldSzi: string;
  readonly activity: StrategyActivity;
  /** Every position the strategy holds, and the mids to value them at (for the daily loss). */
  readonly held: Readonly<Record<string, HeldPosition>>;
  readonly mids: Mids;
  readonly now: number;
  /** The account's daily loss limit and its P&L of the day (live strategies only); absent: none set. */
  readonly account?: { readonly dailyLossLimitUsd: number; readonly dayPnlUsd: () => number } | undefined;
}

/**
 * Whether a strategy's guards, the account's loss limit or the alert's own max_lag could refuse
 * anything: the order path skips the rest when not.
 */
export function guardsApply(guards: AlertGuards | undefined, alert: Pick<ParsedAlert, 'maxLag'>, account?: AccountGuards): boolean {
  return (guards !== undefined && hasGuards(guards)) || alert.maxLag !== undefined || account?.dailyLossLimitUsd !== undefined;
}

/**
 * The entry guards on a planned order (issue 42): an order that enters (opens, adds to or flips
 * the strategy's own position) is weighed; one that only reduces or closes it passes. A refused
 * flip leaves the position it would have closed as it is, with its protection, and says so.
 */
export function guardPlannedEntry(guards: AlertGuards | undefined, entry: PlannedEntry): GuardRefusal | null {
  if (!guardsApply(guards, entry.alert, entry.account)) return null;
  const signed = entry.isBuy ? entry.size : new Dec(entry.size).neg().toFixed();
  if (!entersBy({ szi: entry.heldSzi }, signed)) return null;
  const { sentAt, sentAtField, maxLag } = entry.alert;
  const refusal = checkEntryGuards(guards ?? NO_GUARDS, {
    now: entry.now,
    entry: { coin: entry.coin, side: entry.isBuy ? 'long' : 'short' },
    sent: sentAt === undefined ? null : { at: Date.parse(sentAt), field: sentAtField ?? 'timestamp' },
    maxLagSeconds: maxLag,
    activity: entry.activity,
    held: entry.held,
    mids: entry.mids,
    account: entry.account === undefined ? undefined : { dailyLossLimitUsd: entry.account.dailyLossLimitUsd, dayPnlUsd: entry.account.dayPnlUsd() },
  });
  if (refusal === null) return null;
  const before = new Dec(entry.heldSzi);
  if (before.isZero() || before.isPositive() === entry.isBuy) return refusal;
  const side = before.isPositive() ? 'long' : 'short';
  return {
    ...refusal,
    message: `${refusal.message} The strategy's ${side} of ${before.abs().toFixed()} ${entry.coin} stays open, with its protection; send "close" to exit it.`,
  };
}
