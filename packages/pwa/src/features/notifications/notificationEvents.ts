import { DEFAULT_NOTICE_EVENTS, NOTICE_EVENTS } from '@hyperhook/domain';

/** How an event reads on screen, and a few words on when it comes. */
export interface EventText {
  readonly label: string;
  readonly hint: string;
}

/**
 * The events worth a notice (issue 30, point 3), in the words of the screen. `order.executed` and
 * `summary.daily` are opt-in; the first is said to be noisy.
 */
const TEXTS: Record<string, EventText> = {
  'alert.failed': { label: 'Alert failed', hint: 'an order could not be placed' },
  'alert.rejected': { label: 'Alert rejected', hint: 'the alert was refused before trading' },
  'alert.guarded': { label: 'Entry held back', hint: "a strategy's guard refused an entry; unticked, it comes as “Alert rejected”" },
  'alert.awaiting_approval': { label: 'Entry awaiting approval', hint: 'an entry waits for your answer; the push has Approve and Reject' },
  'order.executed': { label: 'Order executed (noisy)', hint: 'every order that goes through' },
  'keys.rejected': { label: 'API wallet refused', hint: 'Hyperliquid refuses your API wallet' },
  'position.liquidated': { label: 'Position liquidated', hint: 'a liquidation seen in your fills' },
  'position.drift': { label: 'Position drift', hint: 'Hyperliquid holds other than your strategies (a manual trade, a liquidation)' },
  'position.unprotected': { label: 'Stop not placed', hint: 'Hyperliquid refused a stop-loss or take-profit an alert asked for' },
  'position.liquidation_risk': { label: 'Near liquidation', hint: 'a position comes within your distance of its liquidation price' },
  'account.margin_usage': { label: 'Margin usage high', hint: 'margin in use passes your share of the account' },
  'keys.expiring': { label: 'API wallet expiring', hint: 'a week and a day before Hyperliquid drops your API wallet' },
  'strategy.silent': { label: 'Strategy silent', hint: 'a silence alarm below goes off' },
  'summary.daily': { label: 'Daily summary', hint: 'once a day, at the time chosen below' },
  test: { label: 'Test', hint: 'a test you sent' },
};

/** The words for an event; an event the PWA does not know yet reads as its name. */
export function eventText(event: string): EventText {
  return TEXTS[event] ?? { label: event, hint: '' };
}

/** Where a delivered notice leads in the app: an alert's log, or for a position's notice without one (a drift), the Positions tab. */
export function noticeLink(event: string, signalId: string | null): { to: string; label: string } | null {
  if (signalId !== null) return { to: `/dashboard?tab=logs&log=${encodeURIComponent(signalId)}`, label: 'Open its log' };
  if (event === 'keys.expiring') return { to: '/dashboard?tab=keys', label: 'Open API keys' };
  return event.startsWith('position.') || event.startsWith('account.') ? { to: '/dashboard?tab=positions', label: 'Open positions' } : null;
}

/** The events a channel (or web push) can be given: the domain's list, so the choices follow the api. */
export const OFFERED_EVENTS: readonly string[] = NOTICE_EVENTS;

/** What a new channel gets until the trader chooses: the failures, not the noisy fills. */
export const DEFAULT_CHANNEL_EVENTS: readonly string[] = DEFAULT_NOTICE_EVENTS;

/** Whether the api knows this event (the domain's list names it). */
export const offers = (event: string): boolean => OFFERED_EVENTS.includes(event);
