import type { Notice } from '../notifications/sendToChannel.js';

/**
 * A button of a notification (issue 42: Approve and Reject): the service worker posts to `url`, a
 * path of this product, and shows the answer.
 */
export type PushAction = { readonly action: 'approve' | 'reject'; readonly title: string; readonly url: string };

/**
 * What the service worker shows: title, body, a tag that collapses repeats, and where a tap leads;
 * for an entry awaiting approval, its buttons too.
 */
export type PushMessage = {
  readonly title: string;
  readonly body: string;
  readonly tag: string;
  readonly url: string;
  readonly actions?: readonly PushAction[];
};

/**
 * Where a tap on a signal's notification leads: the Logs tab with that signal's row open. The
 * signal id is the webhook log id (the log row is the projection of `signal-<id>`).
 */
export function logUrl(signalId: string): string {
  return `/dashboard?tab=logs&log=${encodeURIComponent(signalId)}`;
}

/** What a notice's body says when it has no reason of its own. */
const FALLBACK_BODY: Partial<Record<Notice['event'], string>> = { 'order.executed': 'The order was accepted by Hyperliquid.' };

/**
 * The notification of a notice (signal outcomes, wallet refusals, liquidations, silence, the
 * daily summary): its title, the strategy and the reason, one tag per signal (or per event and
 * strategy) so a repeat replaces the one before, and a tap opens the notice's link (a log row).
 * `notice.url` is taken as given: the push notifier builds notices with relative links.
 */
export function noticeMessage(notice: Notice): PushMessage {
  const reason = notice.reason ?? FALLBACK_BODY[notice.event] ?? '';
  const strategy = notice.strategy === null ? null : (notice.strategy.name ?? notice.strategy.id);
  return {
    title: notice.title,
    body: strategy === null ? reason : `${strategy}: ${reason}`,
    tag: notice.signalId !== null ? `signal-${notice.signalId}` : `${notice.event}-${notice.strategy?.id ?? notice.symbol ?? 'account'}`,
    url: notice.url,
  };
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
