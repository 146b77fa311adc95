import type { ParsedAlert } from '@hyperhook/domain';

/** What the service worker shows: title, body, a tag that collapses repeats, and where a tap leads. */
export type PushMessage = { readonly title: string; readonly body: string; readonly tag: string; readonly url: string };

/**
 * Where a tap on a signal's notification leads: the Logs tab with that signal's row open. The
 * signal id is the webhook log id (the log row is the projection of `signal-<id>`).
 */
export function logUrl(signalId: string): string {
  return `/dashboard?tab=logs&log=${encodeURIComponent(signalId)}`;
}

/** The alert's summary ("BUY BTC"), or a neutral word when it never parsed. */
function summary(alert: ParsedAlert | null): string {
  return alert === null ? 'Signal' : `${alert.action.toUpperCase()} ${alert.coin}`;
}

/** The notification for an executed signal. */
export function executedMessage(signalId: string, alert: ParsedAlert | null, avgPx?: string): PushMessage {
  return {
    title: `${summary(alert)} executed`,
    body: avgPx ? `Filled at $${avgPx}.` : 'The order was accepted by Hyperliquid.',
    tag: `signal-${signalId}`,
    url: logUrl(signalId),
  };
}

/** The notification for a failed or rejected signal, with the reason the log shows. */
export function failedMessage(signalId: string, alert: ParsedAlert | null, reason: string): PushMessage {
  return { title: `${summary(alert)} failed`, body: reason, tag: `signal-${signalId}`, url: logUrl(signalId) };
}

/** The notification when API keys are deleted: webhooks pause until new keys are saved. */
export function keysDeletedMessage(): PushMessage {
  return { title: 'API keys deleted', body: 'Webhooks will pause until you add new credentials.', tag: 'keys', url: '/dashboard?tab=keys' };
}

/** The notification of the Settings tab's "send a test notification" button: it opens Settings again. */
export function testMessage(): PushMessage {
  return {
    title: 'hyperhook test notification',
    body: 'Notifications are working. You will hear about executed and failed alerts here.',
    tag: 'test',
    url: '/dashboard?tab=settings',
  };
}
