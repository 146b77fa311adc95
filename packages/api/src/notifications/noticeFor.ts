import {
  FIRST_STRATEGY_ID,
  FIRST_STRATEGY_NAME,
  isGuardCode,
  isWalletRefusal,
  type FillRecorded,
  type NoticeEvent,
  type ParsedAlert,
  type SignalReceived,
} from '@hyperhook/domain';
import { logUrl } from '../push/pushMessageFor.js';
import type { Notice } from './sendToChannel.js';

/** A signal outcome worth a notice. */
export type SignalOutcome =
  | { readonly type: 'SignalExecuted'; readonly avgPx?: string | undefined }
  | { readonly type: 'SignalFailed' | 'SignalRejected'; readonly reason: string; readonly code?: string | undefined };

const summary = (alert: ParsedAlert | null) => (alert === null ? 'Alert' : `${alert.action.toUpperCase()} ${alert.coin}`);

/** The strategy a signal came in on: the first one, `main`, for alerts that carry none. */
export function strategyOfSignal(received: SignalReceived['data']): Notice['strategy'] {
  const id = received.strategyId ?? FIRST_STRATEGY_ID;
  return { id, name: received.strategyName ?? (id === FIRST_STRATEGY_ID ? FIRST_STRATEGY_NAME : null) };
}

/**
 * The notice of a signal outcome: it names the strategy (the first one, `main`, for alerts that
 * carry none), the symbol and the reason, and links to the log row.
 */
export function noticeFor(publicUrl: string, received: SignalReceived['data'], outcome: SignalOutcome, at: string): Notice {
  const event: NoticeEvent = outcome.type === 'SignalExecuted' ? 'order.executed' : outcome.type === 'SignalFailed' ? 'alert.failed' : 'alert.rejected';
  const verb = outcome.type === 'SignalExecuted' ? 'executed' : outcome.type === 'SignalFailed' ? 'failed' : 'rejected';
  const reason = outcome.type === 'SignalExecuted' ? (outcome.avgPx ? `Filled at $${outcome.avgPx}` : null) : outcome.reason;
  return {
    event,
    title: `${summary(received.alert)} ${verb}`,
    strategy: strategyOfSignal(received),
    symbol: received.alert?.coin ?? null,
    reason,
    signalId: received.signalId,
    url: `${publicUrl}${logUrl(received.signalId)}`,
    at,
  };
}

/**
 * The notices a signal outcome may give, the most telling first: a failure whose reason says the
 * venue refused the API wallet is `keys.rejected` for whoever listens to it, and the plain
 * failure for the others (one message per destination, never both); a guard's refusal likewise
 * `alert.guarded`, then the plain rejection.
 */
export function noticesForOutcome(publicUrl: string, received: SignalReceived['data'], outcome: SignalOutcome, at: string): Notice[] {
  const plain = noticeFor(publicUrl, received, outcome, at);
  // An entry a strategy's guard refused (issue 42): told as such to whoever chose it, as a rejection to the others.
  if (outcome.type === 'SignalRejected' && outcome.code !== undefined && isGuardCode(outcome.code))
    return [{ ...plain, event: 'alert.guarded', title: `${summary(received.alert)} held back by a guard` }, plain];
  if (outcome.type === 'SignalExecuted') return [plain];
  // An API wallet past its expiry is not even signed with (issue 42): the wallet is the cause all the same.
  if (outcome.code === 'KEYS_EXPIRED') return [{ ...plain, event: 'keys.rejected', title: 'Your API wallet has expired' }, plain];
  // Nor is one the background approval check found not approved for the account.
  if (outcome.code === 'WALLET_NOT_APPROVED') return [{ ...plain, event: 'keys.rejected', title: 'Your API wallet is not approved for this account' }, plain];
  if (!isWalletRefusal(outcome.reason)) return [plain];
  return [{ ...plain, event: 'keys.rejected', title: 'Hyperliquid refused your API wallet' }, plain];
}

/** The first notice whose event the destination listens to, if any. */
export function pickNotice(notices: readonly Notice[], events: readonly string[]): Notice | undefined {
  return notices.find((notice) => events.includes(notice.event));
}

/**
 * The notice of a liquidation seen in the account's fills: the symbol, the venue's own words and
 * the realised loss; the strategy when the fill matched a signal (a liquidation is the venue's
 * order, so usually none: the link then goes to the positions).
 */
export function liquidationNotice(publicUrl: string, fill: FillRecorded['data'], signal: SignalReceived['data'] | null): Notice {
  return {
    event: 'position.liquidated',
    title: `${fill.coin} position liquidated`,
    strategy: signal === null ? null : strategyOfSignal(signal),
    symbol: fill.coin,
    reason: `${fill.dir}: ${fill.sz} ${fill.coin} at $${fill.px}, closed P&L ${fill.closedPnl} USDC, fee ${fill.fee}`,
    signalId: signal?.signalId ?? null,
    url: signal === null ? `${publicUrl}/dashboard?tab=positions` : `${publicUrl}${logUrl(signal.signalId)}`,
    at: fill.time,
  };
}

/** The notice of `POST /api/notifications/test`. */
export function testNotice(publicUrl: string, at: string): Notice {
  return {
    event: 'test',
    title: 'hyperhook test notification',
    strategy: null,
    symbol: null,
    reason: 'Notifications reach this channel.',
    signalId: null,
    url: `${publicUrl}/dashboard?tab=settings`,
    at,
  };
}
