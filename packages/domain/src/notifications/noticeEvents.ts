import { z } from 'zod';

/**
 * The events worth a notice (issue 30, point 3): signal outcomes (`order.executed` is opt-in: it
 * is noisy), the venue refusing the API wallet, a liquidation seen in fills, a strategy gone
 * silent past its alarm, and the daily summary (opt-in). Issue 39: `position.drift`, the venue's
 * position no longer what the strategies hold (a manual trade, a liquidation), and
 * `position.unprotected`, a stop-loss or take-profit the venue refused to place. Issue 42:
 * `alert.guarded`, an entry a strategy's guard refused (a destination that does not choose it
 * still hears of it as `alert.rejected`). Issue 42, point 2, the alarms after the order:
 * `position.liquidation_risk` (a mark near its liquidation price), `account.margin_usage` (margin in
 * use past the trader's share) and `keys.expiring` (the API wallet's expiry a week and a day ahead).
 * Issue 42, point 1, manual approval: `alert.awaiting_approval`, an entry held until the trader
 * approves or rejects it (web push carries Approve and Reject buttons).
 */
export const NOTICE_EVENTS = [
  'alert.failed',
  'alert.rejected',
  'alert.guarded',
  'alert.awaiting_approval',
  'order.executed',
  'keys.rejected',
  'position.liquidated',
  'position.drift',
  'position.unprotected',
  'position.liquidation_risk',
  'account.margin_usage',
  'keys.expiring',
  'strategy.silent',
  'summary.daily',
] as const;
/** A notice event name, as `X-Hyperhook-Event` carries it. */
export const NoticeEventSchema = z.enum(NOTICE_EVENTS);
/** A notice event name. */
export type NoticeEvent = z.infer<typeof NoticeEventSchema>;
/**
 * What a channel gets when the trader names no events: the failures, not the noisy fills nor the
 * summary. Nor `alert.awaiting_approval`: a channel can only link to the app, where the header
 * lists what waits already, and web push (on by default) carries the answer buttons.
 */
export const DEFAULT_NOTICE_EVENTS: readonly NoticeEvent[] = [
  'alert.failed',
  'alert.rejected',
  'keys.rejected',
  'position.liquidated',
  'position.drift',
  'position.unprotected',
  'position.liquidation_risk',
  'account.margin_usage',
  'keys.expiring',
  'strategy.silent',
];
