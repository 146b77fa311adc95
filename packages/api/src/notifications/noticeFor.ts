import { FIRST_STRATEGY_ID, FIRST_STRATEGY_NAME, type NoticeEvent, type ParsedAlert, type SignalReceived } from '@hyperhook/domain';
import { logUrl } from '../push/pushMessageFor.js';
import type { Notice } from './sendToChannel.js';

/** A signal outcome worth a notice. */
export type SignalOutcome =
  | { readonly type: 'SignalExecuted'; readonly avgPx?: string | undefined }
  | { readonly type: 'SignalFailed' | 'SignalRejected'; readonly reason: string };

const summary = (alert: ParsedAlert | null) => (alert === null ? 'Alert' : `${alert.action.toUpperCase()} ${alert.coin}`);

/**
 * The notice of a signal outcome: it names the strategy (the first one, `main`, for alerts that
 * carry none), the symbol and the reason, and links to the log row.
 */
export function noticeFor(publicUrl: string, received: SignalReceived['data'], outcome: SignalOutcome, at: string): Notice {
  const event: NoticeEvent = outcome.type === 'SignalExecuted' ? 'order.executed' : outcome.type === 'SignalFailed' ? 'alert.failed' : 'alert.rejected';
  const strategyId = received.strategyId ?? FIRST_STRATEGY_ID;
  const strategyName = received.strategyName ?? (strategyId === FIRST_STRATEGY_ID ? FIRST_STRATEGY_NAME : null);
  const verb = outcome.type === 'SignalExecuted' ? 'executed' : outcome.type === 'SignalFailed' ? 'failed' : 'rejected';
  const reason = outcome.type === 'SignalExecuted' ? (outcome.avgPx ? `Filled at $${outcome.avgPx}` : null) : outcome.reason;
  return {
    event,
    title: `${summary(received.alert)} ${verb}`,
    strategy: { id: strategyId, name: strategyName },
    symbol: received.alert?.coin ?? null,
    reason,
    signalId: received.signalId,
    url: `${publicUrl}${logUrl(received.signalId)}`,
    at,
  };
}

/** The notice of `POST /api/notifications/test`. */
export function testNotice(publicUrl: string, at: string): Notice {
  return { event: 'test', title: 'hyperhook test notification', strategy: null, symbol: null, reason: 'Notifications reach this channel.', signalId: null, url: `${publicUrl}/dashboard?tab=settings`, at };
}
