import { withEntry, type StrategyActivity } from '../ledger/strategyActivity.js';
import type { AlertGuards } from './alertGuards.js';
import { checkEntryGuards, type GuardCode } from './checkEntryGuards.js';

/** One past alert as the preview replays it. */
export interface PastAlert {
  readonly logId: string;
  /** When it was received (ISO): the moment the guards are weighed at. */
  readonly receivedAt: string;
  readonly coin: string;
  /** The side it would have entered; null when it exits (closes, cancels, updates), which every guard lets through. */
  readonly side: 'long' | 'short' | null;
  readonly sentAt?: string | undefined;
  readonly sentAtField?: string | undefined;
  readonly maxLag?: number | undefined;
  /** Whether it did enter: only entries that happened (and that the guards let through) start a cooldown or count for the day. */
  readonly entered: boolean;
}

/** An alert the guards would have held back, and why. */
export interface HeldBack {
  readonly logId: string;
  readonly receivedAt: string;
  readonly coin: string;
  readonly code: GuardCode;
  readonly message: string;
}

/** What a set of guards would have done to past alerts. */
export interface GuardPreview {
  /** The alerts replayed, and the entries among them. */
  readonly alerts: number;
  readonly entries: number;
  /** The entries held back, oldest first. */
  readonly heldBack: readonly HeldBack[];
  /**
   * With manual approval (issue 42): the entries the other guards let through, each of which would
   * have waited for the trader's approval (exits never wait); 0 when approval is automatic.
   */
  readonly awaitingApproval: number;
}

/** The guards a preview can replay from the log alone: the daily loss needs the P&L of those days, which the log rows do not hold. */
export type PreviewedGuard = 'direction' | 'tradingWindows' | 'maxAlertAgeSeconds' | 'cooldownMinutes' | 'maxEntriesPerDay';
export const PREVIEWED_GUARDS: readonly PreviewedGuard[] = ['direction', 'tradingWindows', 'maxAlertAgeSeconds', 'cooldownMinutes', 'maxEntriesPerDay'];

const NONE: StrategyActivity = { lastEntryAt: {}, entries: {}, pnl: {} };

/**
 * Replays `alerts` (oldest first) through `guards` as the order path would have weighed them
 * (issue 42: each guard with "a preview of what it would have done to the strategy's last 50
 * alerts"): at the time each was received, with the cooldown and the day's count started only by
 * entries that happened and that these guards let through. The daily loss limit is not replayed.
 * With manual approval, every entry they let through would have waited for the trader first.
 */
export function previewGuards(guards: AlertGuards, alerts: readonly PastAlert[]): GuardPreview {
  const { dailyLossLimitUsd: _notReplayed, ...replayed } = guards;
  let activity = NONE;
  const heldBack: HeldBack[] = [];
  const manual = guards.approval === 'manual';
  let entries = 0;
  let awaitingApproval = 0;
  for (const alert of alerts) {
    if (alert.side === null) continue;
    entries += 1;
    const refusal = checkEntryGuards(replayed, {
      now: Date.parse(alert.receivedAt),
      entry: { coin: alert.coin, side: alert.side },
      sent: alert.sentAt === undefined ? null : { at: Date.parse(alert.sentAt), field: alert.sentAtField ?? 'timestamp' },
      maxLagSeconds: alert.maxLag,
      activity,
      held: {},
      mids: {},
    });
    if (refusal !== null) {
      heldBack.push({ logId: alert.logId, receivedAt: alert.receivedAt, coin: alert.coin, ...refusal });
      continue;
    }
    // Approval comes after the other guards: only an entry they let through waits for it.
    if (manual) awaitingApproval += 1;
    if (alert.entered) activity = withEntry(activity, alert.coin, alert.receivedAt);
  }
  return { alerts: alerts.length, entries, heldBack, awaitingApproval };
}

/** Each replayable guard that is set, alone (in the guards' time zone): how many entries it would have held back by itself. */
export function previewEachGuard(guards: AlertGuards, alerts: readonly PastAlert[]): Partial<Record<PreviewedGuard, number>> {
  const zone = guards.timeZone === undefined ? {} : { timeZone: guards.timeZone };
  const counts: Partial<Record<PreviewedGuard, number>> = {};
  for (const key of PREVIEWED_GUARDS) {
    const value = guards[key];
    if (value === undefined || (key === 'direction' && value === 'both')) continue;
    counts[key] = previewGuards({ ...zone, [key]: value }, alerts).heldBack.length;
  }
  return counts;
}
